/**
 * Writes the generated nginx configs (see nginx.ts) and deploy/k8s (k8s/write.ts): `npm run gen:nginx`.
 * `--check` exits 1 when a committed file differs from what the route table generates.
 *
 * `--replicas N --out FILE [--listen PORT] [--down files:0,chat:1]` writes only the local config
 * for N processes per service to FILE instead (scripts/stack.mjs does so for `npm run stack --
 * --replicas 2`, and again with `--down` around a replica's restart); the committed
 * gateway/nginx.conf stays the one-replica config.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { SERVICES, type ServiceName } from '@cc/contracts';
import { NGINX_CONF_FILES, NGINX_TARGETS, generateNginxConf } from './nginx';

/** `files:0,chat:1` → { files: [0], chat: [1] }. */
function parseDown(list: string | undefined): Partial<Record<ServiceName, number[]>> {
  const down: Partial<Record<ServiceName, number[]>> = {};
  for (const item of (list ?? '').split(',').filter(Boolean)) {
    const [name, index] = item.split(':');
    if (!SERVICES.includes(name as ServiceName) || !/^\d+$/.test(index ?? '')) throw new Error(`--down: "${item}" is not service:replica`);
    (down[name as ServiceName] ??= []).push(Number(index));
  }
  return down;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    replicas: { type: 'string' },
    out: { type: 'string' },
    listen: { type: 'string' },
    down: { type: 'string' },
  },
});

if (args.replicas !== undefined || args.out !== undefined) {
  if (!args.out) throw new Error('--replicas needs --out FILE (the committed configs are one replica)');
  const text = generateNginxConf('local', {
    replicas: Number(args.replicas ?? 1),
    ...(args.listen ? { listenPort: Number(args.listen) } : {}),
    outOfRotation: parseDown(args.down),
  });
  mkdirSync(path.dirname(path.resolve(args.out)), { recursive: true });
  writeFileSync(args.out, text);
  console.log(`${args.out}: written (${args.replicas ?? 1} replica(s) per service)`);
  process.exit(0);
}

let stale = 0;
for (const target of NGINX_TARGETS) {
  const file = path.join(repoRoot, NGINX_CONF_FILES[target]);
  const text = generateNginxConf(target);
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) {
    console.log(`${NGINX_CONF_FILES[target]}: up to date`);
  } else if (args.check) {
    console.error(`${NGINX_CONF_FILES[target]}: stale (run npm run gen:nginx)`);
    stale++;
  } else {
    writeFileSync(file, text);
    console.log(`${NGINX_CONF_FILES[target]}: written`);
  }
}
// The gateway's Kubernetes ConfigMap carries the compose config: it changes with it. Imported
// here, not above: the stack's --replicas run above needs none of it (nor the kit it loads).
const { writeK8s } = await import('./k8s/write');
stale += writeK8s(repoRoot, args.check);
if (stale) process.exit(1);
