// People remote: a Module Federation container served at /mfe/people/ (behind the
// gateway; in dev, the shell on :3100 proxies /mfe/people/ to this dev server).
// The config itself is shared by all remotes: packages/webpack-config/remote.js.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@cc/webpack-config/remote';

export default createRemoteConfig({
  name: 'people',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3104,
  exposes: {
    './PeoplePage': './src/people/PeoplePage.tsx',
    './AboutMePanel': './src/aboutme/AboutMePanel.tsx',
  },
});
