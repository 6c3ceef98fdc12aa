// Coaching remote: a Module Federation container served at /mfe/coaching/ (behind the
// gateway; in dev, the shell on :3100 proxies /mfe/coaching/ to this dev server).
// The config itself is shared by all remotes: packages/webpack-config/remote.js.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@cc/webpack-config/remote';

export default createRemoteConfig({
  name: 'coaching',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3103,
  exposes: { './CoachingPage': './src/coaching/CoachingPage.tsx' },
});
