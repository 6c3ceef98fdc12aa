// Planning remote: a Module Federation container served at /mfe/planning/ (behind the
// gateway; in dev, the shell on :3100 proxies /mfe/planning/ to this dev server).
// The config itself is shared by all remotes: packages/webpack-config/remote.js.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@cc/webpack-config/remote';

export default createRemoteConfig({
  name: 'planning',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3102,
  exposes: { './PlanningPage': './src/planning/PlanningPage.tsx' },
});
