import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { int } from '../lib/stats';
import type { BenchModule, Row } from '../lib/types';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = 1;

const here = path.dirname(fileURLToPath(import.meta.url));

async function load(url: string, headers: Record<string, string>, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, headers, connections: CONNECTIONS, duration, pipelining: 1 });
}

/** A bare Koa hello-world in its own process (so it does not share autocannon's event loop). */
async function startKoaHello(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(here, '..', 'servers', 'koa-hello.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`koa-hello exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function rows(label: string, result: autocannon.Result, notes: string): Row[] {
  const problems = result.non2xx + result.errors + result.timeouts;
  const sanity = problems ? `; ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts` : '';
  return [
    {
      bench: label,
      metric: 'req/s (mean)',
      value: int(result.requests.average),
      notes: `${int(result.requests.total)} requests in ${result.duration.toFixed(1)} s${sanity}`,
    },
    { bench: label, metric: 'latency p50 / p99', value: `${result.latency.p50} / ${result.latency.p99} ms`, notes },
  ];
}

export const session: BenchModule = {
  name: 'session',
  description: 'GET /auth/session (signed in) through nginx, straight to svc-identity, and a bare Koa hello-world',
  async run(ctx) {
    const user = await ctx.newUser('session');
    const headers = { cookie: user.cookie, accept: 'application/json' };
    const koa = await startKoaHello();
    const targets = [
      {
        label: 'GET /auth/session via nginx',
        url: `${ctx.baseURL}/auth/session`,
        headers,
        notes: 'gateway → svc-identity (keepalive upstream)',
      },
      { label: 'GET /auth/session direct', url: `${ctx.identityURL}/auth/session`, headers, notes: 'svc-identity on :3001, no gateway' },
      { label: 'Koa hello-world', url: koa.url, headers: {}, notes: 'bare Koa, own process, for scale' },
    ];
    const out: Row[] = [];
    try {
      for (const target of targets) {
        // Check the answer first: a 401 at 20k req/s would be a misleading figure.
        const probe = await fetch(target.url, { headers: target.headers });
        if (!probe.ok) throw new Error(`${target.label}: ${target.url} answered ${probe.status}`);
        ctx.log(`session: ${target.label} (${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s)`);
        await load(target.url, target.headers, WARMUP);
        const result = await load(target.url, target.headers, DURATION);
        out.push(...rows(target.label, result, `${target.notes}; ${CONNECTIONS} connections, ${DURATION} s`));
      }
    } finally {
      await koa.stop();
    }
    return out;
  },
};
