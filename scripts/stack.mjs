// `npm run stack`: the real topology on this machine: nginx with the generated gateway config,
// processes per service, the static builds, Postgres from DATABASE_URL.
//
// `npm run stack -- --replicas 2` (or STACK_REPLICAS=2) runs two processes of every service, the
// second on port + 100 (replicaPort in @cc/contracts), behind nginx upstreams generated for them
// (gateway/src/generate.ts --replicas); the services call each other through nginx's peer ports
// (peerPort), as they would through a Kubernetes Service. The stack supervises its services: one
// that exits while the stack runs (a rolling restart SIGTERMs it) is started again on its port.
// `.stack/replicas.json` says which process is where, rewritten whenever a pid changes:
//   { "gatewayPort": 8080, "control": 41234, "services": { "files": [{ "replica": 0, "port": 3002, "pid": 1234 }, …], … } }
//
// With replicas, `POST http://127.0.0.1:<control>/replicas/<service>/<replica>/restart` restarts one
// replica the way an orchestrator does (scripts/stack-restart.mjs): out of nginx's rotation first,
// then SIGTERM, then back in once its /readyz answers. A bare SIGTERM works too, but nginx keeps
// sending that replica connections until it closes its socket, and those waiting in the socket's
// accept queue at that moment are reset (nginx answers 502 for a request it has sent).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { restartControl } from './stack-restart.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVICES = { identity: 3001, files: 3002, coaching: 3003, people: 3004, chat: 3005 };
// replicaPort / peerPort / MAX_LOCAL_REPLICAS in packages/contracts/src/routing.ts; the generated
// nginx config uses those, so a drift here shows at once as a stack whose upstreams are empty.
const REPLICA_PORT_STEP = 100;
const MAX_LOCAL_REPLICAS = 9;
const replicaPort = (name, index) => SERVICES[name] + REPLICA_PORT_STEP * index;
const peerPort = (name) => SERVICES[name] + REPLICA_PORT_STEP * (MAX_LOCAL_REPLICAS + 1);

// `strict: false`: e2e/support/fresh-stack.mjs runs this module with its own arguments.
const { values: args } = parseArgs({ options: { replicas: { type: 'string' } }, strict: false });
const replicas = Number(args.replicas ?? (process.env.STACK_REPLICAS || 1));
if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_LOCAL_REPLICAS) {
  console.error(`stack: --replicas / STACK_REPLICAS must be a whole number from 1 to ${MAX_LOCAL_REPLICAS} (got ${replicas})`);
  process.exit(2);
}
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8080);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_workspace';
const stackDir = path.join(root, '.stack');
const layoutFile = path.join(stackDir, 'replicas.json');

/** Every service process, by service then replica: { replica, port, child, starts }. */
const slots = Object.fromEntries(Object.keys(SERVICES).map((name) => [name, []]));
let nginx;
let stopping = false;
/** The control server's port (replicas only), written to replicas.json. */
let controlPort;

function secret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(root, '.data', 'stack-session-secret');
  mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function ensureDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  const admin = knexFactory({ client: 'pg', connection: url.replace(/\/[^/]*$/, '/postgres') });
  try {
    const { rows } = await admin.raw('select 1 from pg_database where datname = ?', [name]);
    if (rows.length === 0) await admin.raw('create database ??', [name]);
  } finally {
    await admin.destroy();
  }
}

async function waitFor(url, what, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not become ready at ${url}`);
}

/** Written whole then renamed, so a reader (scripts/rolling-restart) never sees half a file. */
function writeLayout() {
  const services = Object.fromEntries(
    Object.entries(slots).map(([name, list]) => [name, list.map(({ replica, port, child }) => ({ replica, port, pid: child.pid }))]),
  );
  mkdirSync(stackDir, { recursive: true });
  const tmp = `${layoutFile}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ gatewayPort, ...(controlPort ? { control: controlPort } : {}), services }, null, 2)}\n`);
  renameSync(tmp, layoutFile);
}

const running = (child) => child && child.exitCode === null && child.signalCode === null;

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  const children = [...Object.values(slots).flatMap((list) => list.map((s) => s.child)), nginx].filter(running);
  for (const child of children) child.kill(child === nginx ? 'SIGQUIT' : 'SIGTERM');
  // The services drain (packages/service-kit/src/shutdown.ts) before they exit; the next stack
  // on these fixed ports must not find one still listening.
  const exited = children.map((child) => new Promise((resolve) => (running(child) ? child.once('exit', resolve) : resolve())));
  const force = setTimeout(() => {
    for (const child of children) if (running(child)) child.kill('SIGKILL');
    process.exit(code);
  }, 15_000);
  void Promise.all(exited).then(() => {
    clearTimeout(force);
    process.exit(code);
  });
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await ensureDatabase(databaseUrl);
const sessionSecret = secret();
// One replica: straight to the service. Several: through nginx's peer port, any replica.
const serviceUrl = (name) => `http://127.0.0.1:${replicas > 1 ? peerPort(name) : SERVICES[name]}`;
const serviceEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: sessionSecret,
  IDENTITY_URL: serviceUrl('identity'),
  PEOPLE_URL: serviceUrl('people'),
  FILES_URL: serviceUrl('files'),
  COACHING_URL: serviceUrl('coaching'),
  CHAT_URL: serviceUrl('chat'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};

/** Starts (or starts again) one replica; while the stack runs, its exit starts it once more. */
function startReplica(name, slot) {
  slot.started = Date.now();
  slot.child = spawn('node', [path.join(root, `svc-${name}`, 'dist', 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...serviceEnv, PORT: String(slot.port) },
  });
  writeLayout();
  slot.child.once('exit', (code, signal) => {
    if (stopping) return;
    const ranMs = Date.now() - slot.started;
    // A process that keeps failing at start is retried more slowly; one that was stopped, at once.
    slot.quickExits = ranMs < 5_000 && code !== 0 ? (slot.quickExits ?? 0) + 1 : 0;
    const delay = Math.min(10_000, slot.quickExits * 1000);
    const why = signal ?? `code ${code}`;
    if (code !== 0 && signal !== 'SIGTERM') console.error(`svc-${name} replica ${slot.replica} exited (${why}); starting it again`);
    else console.log(`svc-${name} replica ${slot.replica} stopped (${why}); starting it again on :${slot.port}`);
    setTimeout(() => !stopping && startReplica(name, slot), delay);
  });
}

for (const name of Object.keys(SERVICES)) {
  for (let replica = 0; replica < replicas; replica++) {
    const slot = { replica, port: replicaPort(name, replica) };
    slots[name].push(slot);
    startReplica(name, slot);
  }
}
try {
  await Promise.all(
    Object.entries(slots).flatMap(([name, list]) =>
      list.map((slot) => waitFor(`http://127.0.0.1:${slot.port}/readyz`, `svc-${name} replica ${slot.replica}`)),
    ),
  );
} catch (err) {
  console.error(String(err));
  stopAll(1);
  await new Promise(() => {});
}

const nginxDir = path.join(stackDir, 'nginx');
mkdirSync(nginxDir, { recursive: true });
const confFile = path.join(stackDir, 'nginx.conf');
if (replicas === 1) {
  const conf = readFileSync(path.join(root, 'gateway', 'nginx.conf'), 'utf8').replace(/listen 8080;/, `listen ${gatewayPort};`);
  writeFileSync(confFile, conf);
} else {
  const problem = writeReplicaConf([]);
  if (problem) {
    console.error(problem);
    stopAll(1);
    await new Promise(() => {});
  }
}

/**
 * The same generator as the committed one-replica config, for this many replicas, with `down`
 * (`['files:0']`) out of rotation. Returns what went wrong, if anything.
 */
function writeReplicaConf(down) {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const args = ['gateway/src/generate.ts', '--replicas', String(replicas), '--listen', String(gatewayPort), '--out', confFile];
  if (down.length) args.push('--down', down.join(','));
  const gen = spawnSync(tsx, args, { cwd: root, encoding: 'utf8' });
  return gen.status === 0 ? undefined : `stack: the replica nginx config could not be generated:\n${gen.stdout}${gen.stderr}`;
}
const nginxBin = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p)) ?? 'nginx';
// STACK_NGINX_OWN_GROUP=1 (the bench's stacks): nginx in a session of its own. Linux shares the
// CPU between sessions first (autogroup scheduling): in the services' session, nginx and the
// service it proxies to split one share under load, as they would not in containers of their own
// (bench/README.md#scheduling-groups).
const ownGroup = process.env.STACK_NGINX_OWN_GROUP === '1';
nginx = spawn(nginxBin, ['-p', root, '-e', path.join(nginxDir, 'error.log'), '-c', confFile], {
  cwd: root,
  stdio: 'inherit',
  detached: ownGroup,
});
// Out of the stack's process group, a signal to the group no longer reaches it: stop it on the way out.
if (ownGroup) process.on('exit', () => running(nginx) && nginx.kill('SIGQUIT'));
nginx.on('exit', (code) => {
  if (code && !stopping) {
    console.error(`nginx exited with ${code}; see .stack/nginx/error.log`);
    stopAll(1);
  }
});
await waitFor(`http://127.0.0.1:${gatewayPort}/healthz`, 'nginx');
if (replicas > 1) {
  controlPort = await restartControl({
    slots,
    nginx: () => nginx,
    writeConf: writeReplicaConf,
    ready: (slot) => waitFor(`http://127.0.0.1:${slot.port}/readyz`, `replica on :${slot.port}`, 60_000),
  });
  writeLayout();
}
const processes =
  replicas === 1 ? `${Object.keys(SERVICES).length} services` : `${Object.keys(SERVICES).length} services × ${replicas} replicas`;
console.log(`\nStack ready on http://localhost:${gatewayPort} (nginx + ${processes}, ${databaseUrl.replace(/\/\/[^@]*@/, '//')})\n`);
