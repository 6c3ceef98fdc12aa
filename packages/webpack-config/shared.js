// The Module Federation shared singletons: the shell and every remote declare the same list.
// The shell's copies win (singletons, loaded once from the shell); the remotes' are only
// fallbacks. None is eager.
//
// Each remote is deployed on its own, so each states the versions it was built against: the
// range its package.json declares (for a workspace package declared as "*", `^` its own
// version). With strictVersion, a remote whose range the loaded copy does not satisfy fails to
// load with the federation runtime's error ("Version 19.3.1 from shell of shared singleton
// module react does not satisfy the requirement of coaching which needs ^99"), which the shell's
// section boundary shows and logs; without it the runtime only warns and runs the remote
// against a copy it was not built for.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The installed package.json of `name` as seen from `dir` (workspace packages are links in the root node_modules). */
function installed(name, dir) {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    if (path.dirname(at) === at) throw new Error(`${name} is not installed (looked from ${dir})`);
  }
}

/** A declared range, or `^<installed version>` when the declaration names no version ("*", a workspace link). */
function rangeOf(declared, version) {
  return declared && /\d/.test(declared) && !declared.startsWith('workspace:') ? declared : `^${version}`;
}

/**
 * @param {string} dir the workspace's directory (its package.json names the ranges)
 * @param {Record<string, string>} [requiredVersions] ranges to use instead, by shared key (a test
 *   builds a remote against a version the shell does not have)
 */
export function sharedModules(dir, requiredVersions = {}) {
  const deps = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {};
  /** @param {string} key the shared key; @param {string} pkg the package whose version it carries */
  const singleton = (key, pkg = key) => {
    const { version } = installed(pkg, dir);
    return {
      singleton: true,
      strictVersion: true,
      version,
      requiredVersion: requiredVersions[key] ?? rangeOf(deps[pkg], version),
    };
  };
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    // The router through its one door (see packages/ui/src/router.ts): sharing react-router-dom
    // itself would ship every export of it on the first visit. What a remote relies on through
    // it is react-router's API, so it carries react-router-dom's version and range.
    '@cc/ui/router': singleton('@cc/ui/router', 'react-router-dom'),
    '@cc/client': singleton('@cc/client'),
    // Its queries too: the module reaches the client by './index', which a remote would bundle
    // as a second client (its own ApiError, no 401 handler) unless it takes the shell's.
    '@cc/client/query': singleton('@cc/client/query', '@cc/client'),
    '@cc/contracts': singleton('@cc/contracts'),
    // Chat panel, modal, sanitized markdown: loaded only by pages that render them.
    '@cc/ui': singleton('@cc/ui'),
    // One QueryClient for the whole app: the shell provides it, every remote reads its cache.
    '@tanstack/react-query': singleton('@tanstack/react-query'),
  };
}
