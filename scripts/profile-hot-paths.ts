// Where the kit's per-request time goes: svc-identity and svc-files (their built bundles) run
// under `node --cpu-prof` on a fresh database while autocannon loads GET /auth/session and
// GET /files (100 files) straight at them; each profile's top frames are then printed by
// scripts/cpu-profile-top.ts.
//
//   flock /tmp/e2e.lock npx tsx scripts/profile-hot-paths.ts [--out=<dir>] [--seconds=10]
//
// Needs a build (npx turbo run build) and Postgres (PROFILE_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/career_bench_profile, dropped and recreated). Uses the
// stack's service ports 3001 and 3002: take /tmp/e2e.lock, as for the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { summarise } from './cpu-profile-top';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const out = path.resolve(args.get('out') ?? path.join(root, 'test-results', 'profiles'));
const seconds = Number(args.get('seconds') ?? 10);
const databaseUrl = process.env.PROFILE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_profile';
const dbName = new URL(databaseUrl).pathname.slice(1);
if (!/^career_bench\w*$/.test(dbName)) throw new Error(`refusing to drop ${dbName} (only career_bench* names)`);
const secret = randomBytes(32).toString('base64url');
const IDENTITY = 'http://127.0.0.1:3001';
const FILES = 'http://127.0.0.1:3002';

async function freshDatabase(): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: databaseUrl.replace(/\/[^/]*$/, '/postgres'), pool: { min: 0, max: 1 } });
  try {
    await admin.raw('drop database if exists ?? with (force)', [dbName]);
    await admin.raw('create database ??', [dbName]);
  } finally {
    await admin.destroy();
  }
}

/** A service's bundle, profiled into `out/<name>.cpuprofile` (written when it exits on SIGTERM). */
function startService(name: string, port: number): ChildProcess {
  return spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${out}`, `--cpu-prof-name=svc-${name}.cpuprofile`, path.join(root, `svc-${name}`, 'dist', 'main.js')],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      // As scripts/stack.mjs runs them (LOG_LEVEL warn, the identity URL for the session check).
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: secret,
        IDENTITY_URL: IDENTITY,
        LOG_LEVEL: 'warn',
      },
    },
  );
}

async function ready(url: string): Promise<void> {
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
  }
  throw new Error(`${url} did not become ready`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function load(label: string, url: string, headers: Record<string, string>): Promise<void> {
  const probe = await fetch(url, { headers });
  await probe.arrayBuffer();
  if (!probe.ok) throw new Error(`${url} answered ${probe.status}`);
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  console.log(`${label}: ${Math.round(result.requests.average)} req/s over ${seconds} s (profiled, 10 connections)`);
}

mkdirSync(out, { recursive: true });
await freshDatabase();
const identity = startService('identity', 3001);
const files = startService('files', 3002);
try {
  await Promise.all([ready(IDENTITY), ready(FILES)]);
  const signUp = await fetch(`${IDENTITY}/auth/sign_up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: `profile-${Date.now()}@example.test`, password: 'profile password 123' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const { csrf_token } = (await signUp.json()) as { csrf_token: string };
  const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
  const headers = { cookie, accept: 'application/json' };
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${FILES}/files`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'x-csrf-token': csrf_token },
      body: JSON.stringify({
        file: { folder: `folder-${i % 7}`, name: `note ${i}`, description: `What file ${i} is about, in one sentence of ordinary length.` },
      }),
    });
    if (res.status !== 201) throw new Error(`POST /files answered ${res.status}`);
    await res.arrayBuffer();
  }
  await load('GET /auth/session (svc-identity)', `${IDENTITY}/auth/session`, headers);
  await load('GET /files, 100 files (svc-files)', `${FILES}/files`, headers);
} finally {
  await Promise.all([stop(identity), stop(files)]);
}
for (const name of ['identity', 'files']) {
  const file = path.join(out, `svc-${name}.cpuprofile`);
  const text = `svc-${name} (${file})\n${summarise(JSON.parse(readFileSync(file, 'utf8')))}\n`;
  writeFileSync(path.join(out, `svc-${name}.top.txt`), text);
  console.log(`\n${text}`);
}
