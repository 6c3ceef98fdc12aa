// The Module Federation shared singletons: the shell and every remote declare the same list.
// The shell's copies win (singletons, loaded once from the shell); the remotes' are only
// fallbacks. None is eager.

/** @param {Record<string, string>} deps the workspace's package.json dependencies */
export function sharedModules(deps) {
  return {
    react: { singleton: true, requiredVersion: deps.react },
    'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
    // The router through its one door (see packages/ui/src/router.ts): sharing react-router-dom
    // itself would ship every export of it on the first visit.
    '@cc/ui/router': { singleton: true, requiredVersion: false },
    '@cc/client': { singleton: true, requiredVersion: false },
    '@cc/contracts': { singleton: true, requiredVersion: false },
    // Chat panel, modal, sanitized markdown: loaded only by pages that render them.
    '@cc/ui': { singleton: true, requiredVersion: false },
  };
}
