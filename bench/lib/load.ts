import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMs, listeners } from './cpu';
import { int } from './stats';
import type { Row } from './types';

/** Load runs: parallel connections (BENCH_CONNECTIONS), seconds (BENCH_DURATION), and a warm-up first. */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
export const WARMUP = 1;

const here = path.dirname(fileURLToPath(import.meta.url));

/** GETs `url` from CONNECTIONS connections for `duration` seconds. */
export async function load(url: string, headers: Record<string, string>, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, headers, connections: CONNECTIONS, duration, pipelining: 1 });
}

/** A server of bench/servers/ in its own process (so it does not share autocannon's event loop). */
export interface BenchServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts `bench/servers/<script>`, which prints `listening <port>` once it listens. In a session
 * of its own: Linux shares the CPU between sessions first (autogroup scheduling), and every server
 * the bench loads (the stack's nginx, each service, these) is its own group, apart from the load
 * generator (bench/README.md#scheduling-groups).
 */
async function startServer(script: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const child = spawn(process.execPath, [path.join(here, '..', 'servers', script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    detached: true,
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A bare Koa hello-world (bench/servers/koa-hello.mjs): the yardstick for "a Koa service on this machine". */
export async function startKoaHello(): Promise<BenchServer> {
  const server = await startServer('koa-hello.mjs');
  return { ...server, url: `${server.url}/` };
}

/**
 * The SESSION_SECRET the bench's stack signs cookies with, as scripts/stack.mjs picks it (the
 * environment, else the file it keeps in .data/); undefined when neither is there (a stack
 * started elsewhere, `--base-url`).
 */
function stackSessionSecret(): string | undefined {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(here, '..', '..', '.data', 'stack-session-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * The reference handler (bench/servers/reference-handler.mjs): bare Koa + pg answering
 * `GET /files` and `GET /auth/session` with the services' SQL and JSON, no kit, on the stack's
 * database and session secret; or why it cannot start (the secret is unknown).
 */
export async function startReferenceHandler(databaseUrl: string): Promise<BenchServer | string> {
  const secret = stackSessionSecret();
  if (!secret) return "the stack's SESSION_SECRET is unknown (set SESSION_SECRET for a stack started elsewhere)";
  return startServer('reference-handler.mjs', { DATABASE_URL: databaseUrl, SESSION_SECRET: secret });
}

export interface LoadTarget {
  label: string;
  url: string;
  headers: Record<string, string>;
  notes: string;
  /** The port of the service a proxy at `url` forwards to: its CPU per request is counted too. */
  upstreamPort?: number;
}

/** A target's result, with the CPU each server process spent per request (bench/lib/cpu.ts). */
export type LoadResult = autocannon.Result & { cpu: { name: string; port: number; usPerRequest: number }[] };

/** Rounds the targets of one comparison take turns in (BENCH_ROUNDS): a shared machine's load drifts over a run. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * The targets in turn, ROUNDS times, each round DURATION / ROUNDS seconds, after a check of each
 * answer (a 401 at 20k req/s would be a misleading figure) and a warm-up: the same connections
 * and duration for all, interleaved so a change in the machine's load falls on all of them and
 * their ratios compare. Each target's rounds are summed into one result (req/s over the whole
 * time; latency p50 the median of the rounds', p99 the highest).
 */
export async function loadEach(targets: LoadTarget[], log: (message: string) => void): Promise<LoadResult[]> {
  for (const target of targets) {
    const probe = await fetch(target.url, { headers: target.headers });
    await probe.arrayBuffer();
    if (!probe.ok) throw new Error(`${target.label}: ${target.url} answered ${probe.status}`);
    await load(target.url, target.headers, WARMUP);
  }
  // After the warm-up: nginx's workers are up. The CPU each used during the target's rounds.
  const servers = targets.map((t) => listeners([Number(new URL(t.url).port), ...(t.upstreamPort ? [t.upstreamPort] : [])]));
  const cpu = servers.map((list) => list.map(() => 0));
  const rounds: autocannon.Result[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of targets.entries()) {
      log(`${target.label}, round ${round + 1} of ${ROUNDS} (${CONNECTIONS} connections, ${DURATION / ROUNDS} s)`);
      const before = servers[i]!.map((s) => cpuMs(s.pids));
      rounds[i]!.push(await load(target.url, target.headers, DURATION / ROUNDS));
      servers[i]!.forEach((s, j) => (cpu[i]![j]! += cpuMs(s.pids) - before[j]!));
    }
  }
  return rounds.map((results, i) => {
    const merged = merge(results);
    const requests = merged.requests.total;
    const used = servers[i]!.map((s, j) => ({ name: s.name, port: s.port, usPerRequest: requests ? (1000 * cpu[i]![j]!) / requests : 0 }));
    return { ...merged, cpu: requests ? used : [] };
  });
}

/** A result's CPU per request, all its server processes together (µs), when /proc told it. */
export const cpuPerRequest = (result: LoadResult | undefined): number | undefined =>
  result?.cpu.length ? result.cpu.reduce((n, c) => n + c.usPerRequest, 0) : undefined;

/** One result of a target's rounds. */
function merge(results: autocannon.Result[]): autocannon.Result {
  const sum = (pick: (r: autocannon.Result) => number) => results.reduce((n, r) => n + pick(r), 0);
  const duration = sum((r) => r.duration);
  const total = sum((r) => r.requests.total);
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  const first = results[0]!;
  return {
    ...first,
    duration,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    requests: { ...first.requests, total, average: total / duration },
    latency: { ...first.latency, p50: p50s[Math.floor(p50s.length / 2)]!, p99: Math.max(...results.map((r) => r.latency.p99)) },
  };
}

const pct = (value: number) => `${Math.round(100 * value)} %`;

/**
 * The floor rows for one call, from req/s measured in the same run: through nginx against the
 * reference handler (goal ≥ 70 %), what the gateway takes off going direct (1 − nginx/direct,
 * goal ≤ 15 %), and, with `bare`, what a bare nginx takes (bench/lib/bare-nginx.ts): the part of
 * that overhead no gateway config can remove on this machine. With `referenceBare` (the reference
 * handler behind a bare nginx of its own), the ceiling of the first goal here: the share of the
 * reference handler's req/s that a GET through the cheapest nginx keeps, whatever the service.
 */
export function floorRows(
  call: string,
  rps: { nginx: number; direct: number; reference?: number; bare?: number; referenceBare?: number },
  referenceNote?: string,
  cpu?: { nginx?: LoadResult; reference?: LoadResult; bare?: LoadResult },
): Row[] {
  const rows: Row[] = [];
  const figures = `req/s interleaved in ${ROUNDS} rounds: ${int(rps.nginx)} via nginx, ${int(rps.direct)} direct`;
  if (rps.reference)
    rows.push({
      bench: `${call} floor`,
      metric: 'via nginx / reference handler',
      value: pct(rps.nginx / rps.reference),
      notes: `${figures}, ${int(rps.reference)} reference (bare Koa + pg, same SQL and JSON); goal ≥ 70 %`,
    });
  else rows.push({ bench: `${call} floor`, metric: 'via nginx / reference handler', value: 'n/a', notes: referenceNote ?? '' });
  if (rps.reference && rps.referenceBare)
    rows.push(
      {
        bench: `${call} floor`,
        metric: '  the reference handler via a bare nginx / direct',
        value: pct(rps.referenceBare / rps.reference),
        notes: `${int(rps.referenceBare)} req/s through a bare nginx in the same rounds: the most of the reference's req/s a GET through any nginx keeps on this machine (the 70 % goal's ceiling here)`,
      },
      {
        bench: `${call} floor`,
        metric: '  via nginx / the reference handler via a bare nginx',
        value: pct(rps.nginx / rps.referenceBare),
        notes: "a proxy hop on both sides: what the kit and the gateway's config cost",
      },
    );
  rows.push({
    bench: `${call} floor`,
    metric: 'gateway overhead (1 − nginx/direct)',
    value: pct(1 - rps.nginx / rps.direct),
    notes: `${figures}; goal ≤ 15 %`,
  });
  if (rps.bare)
    rows.push({
      bench: `${call} floor`,
      metric: '  a bare nginx (1 − bare/direct)',
      value: pct(1 - rps.bare / rps.direct),
      notes: `${int(rps.bare)} req/s through a bare nginx (one location, keepalive, no log) in the same rounds: the overhead's floor on this machine`,
    });
  rows.push(...cpuFloorRows(call, cpu ?? {}));
  return rows;
}

/**
 * The same comparisons in CPU time per request, which the scheduler does not move: the reference
 * handler's against the service's and nginx's together (what a CPU-bound machine would serve
 * through the gateway, as a share of what it would serve from the reference), and nginx's share
 * of a proxied request, for the gateway and for a bare nginx.
 */
function cpuFloorRows(call: string, cpu: { nginx?: LoadResult; reference?: LoadResult; bare?: LoadResult }): Row[] {
  const rows: Row[] = [];
  const viaNginx = cpuPerRequest(cpu.nginx);
  const reference = cpuPerRequest(cpu.reference);
  if (viaNginx && reference)
    rows.push({
      bench: `${call} floor`,
      metric: 'CPU per request: reference handler / via nginx',
      value: pct(reference / viaNginx),
      notes: `${reference.toFixed(0)} µs in the reference handler, ${viaNginx.toFixed(0)} µs in nginx and the service together (user + system time from /proc)`,
    });
  const share = (result: LoadResult | undefined) => {
    const proxy = result?.cpu.find((c) => c.name === 'nginx')?.usPerRequest;
    const total = cpuPerRequest(result);
    return proxy !== undefined && total ? { proxy, total } : undefined;
  };
  for (const [which, result] of [
    ['the gateway', cpu.nginx],
    ['a bare nginx', cpu.bare],
  ] as const) {
    const part = share(result);
    if (part)
      rows.push({
        bench: `${call} floor`,
        metric: `  CPU per request: ${which}'s share`,
        value: pct(part.proxy / part.total),
        notes: `${part.proxy.toFixed(0)} of ${part.total.toFixed(0)} µs in nginx`,
      });
  }
  return rows;
}

/** A load run's rows: req/s (with its share of bare Koa's when given), latency and the CPU per request of each server process. */
export function loadRows(label: string, result: autocannon.Result | LoadResult, notes: string, koaRps?: number): Row[] {
  const problems = result.non2xx + result.errors + result.timeouts;
  const sanity = problems ? `; ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts` : '';
  const share = koaRps ? `; ${Math.round((100 * result.requests.average) / koaRps)} % of bare Koa` : '';
  return [
    {
      bench: label,
      metric: 'req/s (mean)',
      value: int(result.requests.average),
      notes: `${int(result.requests.total)} requests in ${result.duration.toFixed(1)} s${share}${sanity}`,
    },
    { bench: label, metric: 'latency p50 / p99', value: `${result.latency.p50} / ${result.latency.p99} ms`, notes },
    ...('cpu' in result && result.cpu.length
      ? [
          {
            bench: label,
            metric: 'CPU per request',
            value: `${cpuPerRequest(result)!.toFixed(0)} µs`,
            notes: `${result.cpu.map((c) => `${c.name} on :${c.port} ${c.usPerRequest.toFixed(0)} µs`).join(', ')}; user + system time from /proc`,
          },
        ]
      : []),
  ];
}
