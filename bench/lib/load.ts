import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
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

/** A bare Koa hello-world in its own process (so it does not share autocannon's event loop): the yardstick. */
export async function startKoaHello(): Promise<{ url: string; stop: () => Promise<void> }> {
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

/** A load run's two rows: req/s (with its share of bare Koa's when given) and latency. */
export function loadRows(label: string, result: autocannon.Result, notes: string, koaRps?: number): Row[] {
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
  ];
}
