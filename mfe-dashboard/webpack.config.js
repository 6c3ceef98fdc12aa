// Dashboard remote: a Module Federation container served at /mfe/dashboard/ (behind the
// gateway; in dev, the shell on :3100 proxies /mfe/dashboard/ to this dev server).
// The config itself is shared by all remotes: packages/webpack-config/remote.js.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@cc/webpack-config/remote';

export default createRemoteConfig({
  name: 'dashboard',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3101,
  exposes: {
    './DashboardPage': './src/dashboard/DashboardPage.tsx',
    './JournalPage': './src/journal/JournalPage.tsx',
  },
  // The About me panel comes from the people remote, through federation.
  remotes: { people: 'people@/mfe/people/remoteEntry.js' },
});
