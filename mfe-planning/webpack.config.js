// Planning remote: a Module Federation container served at /mfe/planning/ (behind the
// gateway; in dev, the shell on :3100 proxies /mfe/planning/ to this dev server).
// The config itself is shared by all remotes: packages/webpack-config/remote.js.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@cc/webpack-config/remote';

const ACTION_PLAN_CHUNK = 'planning-action-plan';

const remote = createRemoteConfig({
  name: 'planning',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3102,
  exposes: {
    './PlanningPage': './src/planning/PlanningPage.tsx',
    // The action plan tab's code (the timeline), which the page loads itself when the tab opens:
    // exposed so that the shell can start loading it with the page's on a visit of
    // /planning/action_plan (the route table's `alsoLoads`). The same chunk as the page's
    // import() (same name), so either way it is fetched and evaluated once.
    './ActionPlanTab': { import: './src/action-plan/ActionPlanTab.tsx', name: ACTION_PLAN_CHUNK },
  },
});

export default (env, argv) => {
  const config = remote(env, argv);
  // Exposed, the action plan's chunk no longer counts on the page's being loaded first, so
  // webpack would move what both use (dates, periods, the plan's queries: about 12 KB) into a
  // chunk of its own: one more file on every tab's first visit, for no byte less. Those modules
  // stay in each instead (webpack evaluates a module once, whichever chunk brought it).
  config.optimization.splitChunks = {
    cacheGroups: {
      // webpack's own default group (async chunks, shared by two or more), minus the action plan's.
      default: {
        minChunks: 2,
        priority: -20,
        reuseExistingChunk: true,
        chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== ACTION_PLAN_CHUNK,
      },
    },
  };
  return config;
};
