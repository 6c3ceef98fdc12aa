// The Module Federation shared singletons: the shell and every remote declare the same list.
// The shell's copies win (singletons, loaded once from the shell); the remotes' are only
// fallbacks. None is eager.

/** @param {Record<string, string>} deps the workspace's package.json dependencies */
export function sharedModules(deps) {
  return {
    react: { singleton: true, requiredVersion: deps.react },
    'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
    'react-router-dom': { singleton: true, requiredVersion: deps['react-router-dom'] },
    'react-router': { singleton: true, requiredVersion: deps['react-router-dom'] },
    '@cc/client': { singleton: true, requiredVersion: false },
    '@cc/contracts': { singleton: true, requiredVersion: false },
    // Chat panel, modal, sanitized markdown: loaded only by pages that render them.
    '@cc/ui': { singleton: true, requiredVersion: false },
  };
}
