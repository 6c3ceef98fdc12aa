// The gateway's embedded run (`npm start`) bundles every service's code into gateway/dist and
// leaves their npm dependencies external, resolved from gateway/ at run time. A service whose
// dependency npm had to nest (another package needs another major version at the root) would
// get the root's copy there: lru-cache 5 instead of 11 once stopped the app at start. Each
// such dependency must resolve, from the gateway, to a version its service accepts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@jest/globals';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string> };

/** The workspace folder of each @cc/* package. */
const folders = new Map<string, string>(
  [
    'svc-identity',
    'svc-files',
    'svc-coaching',
    'svc-people',
    'svc-chat',
    'gateway',
    'packages/service-kit',
    'packages/contracts',
    'packages/ai',
  ].map((dir) => [manifest(path.join(root, dir)).name, path.join(root, dir)]),
);

/** Every npm dependency the gateway bundle carries, with the workspace that declares it. */
function bundledDependencies(): { workspace: string; name: string; range: string }[] {
  const seen = new Set<string>();
  const found: { workspace: string; name: string; range: string }[] = [];
  const visit = (pkg: string) => {
    const dir = folders.get(pkg);
    if (!dir || seen.has(pkg)) return;
    seen.add(pkg);
    for (const [name, range] of Object.entries(manifest(dir).dependencies ?? {})) {
      if (name.startsWith('@cc/')) visit(name);
      else found.push({ workspace: pkg, name, range });
    }
  };
  visit('@cc/gateway');
  return found;
}

/** The package Node finds for `name` from a file in `dir`: the nearest node_modules up the tree. */
function versionFrom(dir: string, name: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', name, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    if (at === path.dirname(at)) return 'none';
  }
}

test('every npm dependency of the embedded services resolves from the gateway to a version they accept', () => {
  const gatewayDist = path.join(root, 'gateway', 'dist');
  const wrong = bundledDependencies().flatMap(({ workspace, name, range }) => {
    const version = versionFrom(gatewayDist, name);
    return version !== 'none' && semver.satisfies(version, range)
      ? []
      : [`${workspace} needs ${name}@${range}, the gateway finds ${version}`];
  });
  expect(wrong).toEqual([]);
});
