// `npm run stack`: the real topology on this machine: nginx with the generated
// gateway/nginx.conf, one process per service, the static builds, Postgres from DATABASE_URL.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVICES = { identity: 3001, files: 3002, coaching: 3003, people: 3004, chat: 3005 };
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8080);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_workspace';
const stackDir = path.join(root, '.stack');
const children = [];

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

function stopAll(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill(child.spawnfile.endsWith('nginx') ? 'SIGQUIT' : 'SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
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
for (const [name, port] of Object.entries(SERVICES)) {
  const child = spawn('node', [path.join(root, `svc-${name}`, 'dist', 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      IDENTITY_URL: `http://127.0.0.1:${SERVICES.identity}`,
      PEOPLE_URL: `http://127.0.0.1:${SERVICES.people}`,
      FILES_URL: `http://127.0.0.1:${SERVICES.files}`,
      COACHING_URL: `http://127.0.0.1:${SERVICES.coaching}`,
      CHAT_URL: `http://127.0.0.1:${SERVICES.chat}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`svc-${name} exited (${code ?? signal})`);
  });
  children.push(child);
}
await Promise.all(Object.entries(SERVICES).map(([name, port]) => waitFor(`http://127.0.0.1:${port}/readyz`, `svc-${name}`)));

const nginxDir = path.join(stackDir, 'nginx');
mkdirSync(nginxDir, { recursive: true });
const conf = readFileSync(path.join(root, 'gateway', 'nginx.conf'), 'utf8').replace(/listen 8080;/, `listen ${gatewayPort};`);
writeFileSync(path.join(stackDir, 'nginx.conf'), conf);
const nginxBin = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p)) ?? 'nginx';
const nginx = spawn(nginxBin, ['-p', root, '-e', path.join(nginxDir, 'error.log'), '-c', path.join(stackDir, 'nginx.conf')], {
  cwd: root,
  stdio: 'inherit',
});
nginx.on('exit', (code) => {
  if (code) {
    console.error(`nginx exited with ${code}; see .stack/nginx/error.log`);
    stopAll(1);
  }
});
children.push(nginx);
await waitFor(`http://127.0.0.1:${gatewayPort}/healthz`, 'nginx');
console.log(
  `\nStack ready on http://localhost:${gatewayPort} (nginx + ${Object.keys(SERVICES).length} services, ${databaseUrl.replace(/\/\/[^@]*@/, '//')})\n`,
);
