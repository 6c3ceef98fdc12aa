import { BENCH_DATABASE_URL } from '../lib/db';
import { startFloors } from '../lib/floors';
import { CONNECTIONS, DURATION, floorRows, load, loadEach, loadRows, startKoaHello, WARMUP, type LoadTarget } from '../lib/load';
import { int, median, ms } from '../lib/stats';
import type { BenchModule, BenchUser, Row } from '../lib/types';

/** Parallel POST /files while filling the accounts. */
const SETUP_CONCURRENCY = 16;
const FILES_DIRECT_URL = process.env.BENCH_FILES_URL ?? 'http://127.0.0.1:3002';

/** Creates `count` files through the gateway (POST /files), spread over `folders` folders. */
export async function fill(baseURL: string, user: BenchUser, count: number, folders: number): Promise<void> {
  const headers = { 'content-type': 'application/json', accept: 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken };
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const body = {
        file: {
          folder: `folder-${String(i % folders).padStart(3, '0')}`,
          name: `note ${String(i).padStart(5, '0')}`,
          description: `What file ${i} is about, in one sentence of ordinary length.`,
          content: `# Note ${i}\n\n${'Some markdown a user wrote about their work and career. '.repeat(8)}\n`,
        },
      };
      const res = await fetch(`${baseURL}/files`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`POST /files answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
}

interface Single {
  median: number;
  min: number;
  max: number;
  /** Decoded body size (fetch undoes the gzip). */
  bytes: number;
  encoding: string;
}

/**
 * One request at a time, `runs` times (after two warm-up requests): the latency a user opening
 * the dashboard sees. `before` runs untimed ahead of each request (e.g. a change, so the
 * listing has to be rebuilt).
 */
async function single(url: string, headers: Record<string, string>, before?: (i: number) => Promise<void>, runs = 20): Promise<Single> {
  const times: number[] = [];
  let bytes = 0;
  let encoding = 'identity';
  for (let i = 0; i < runs + 2; i++) {
    if (before) await before(i);
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    bytes = body.byteLength;
    encoding = res.headers.get('content-encoding') ?? 'identity';
    if (i >= 2) times.push(elapsed);
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), bytes, encoding };
}

export const files: BenchModule = {
  name: 'files',
  description: 'GET /files for accounts with 100 and 10,000 files, through nginx, beside a bare Koa hello-world',
  async run(ctx) {
    const out: Row[] = [];
    const small = await ctx.newUser('files100');
    const large = await ctx.newUser('files10k');
    let started = performance.now();
    await fill(ctx.baseURL, small, 100, 7);
    await fill(ctx.baseURL, large, 10_000, 50);
    const setupSeconds = (performance.now() - started) / 1000;
    out.push({
      bench: 'GET /files setup',
      metric: 'POST /files ×10,100',
      value: `${setupSeconds.toFixed(1)} s`,
      notes: `through nginx, ${SETUP_CONCURRENCY} in parallel; 100 files in 7 folders, 10,000 in 50`,
    });

    const json = (u: BenchUser) => ({ cookie: u.cookie, accept: 'application/json' });
    // Check the answers first: a 401 at high req/s would be a misleading figure.
    for (const [u, n] of [
      [small, 100],
      [large, 10_000],
    ] as const) {
      const body = (await (await fetch(`${ctx.baseURL}/files`, { headers: json(u) })).json()) as Record<string, unknown[]>;
      const total = Object.values(body).reduce((sum, list) => sum + list.length, 0);
      if (total !== n) throw new Error(`GET /files for the ${n}-file account listed ${total} files`);
    }

    const koa = await startKoaHello();
    let koaRps: number;
    try {
      ctx.log(`files: Koa hello-world (${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s)`);
      await load(koa.url, {}, WARMUP);
      const hello = await load(koa.url, {}, DURATION);
      koaRps = hello.requests.average;
      out.push(
        ...loadRows('Koa hello-world (this run)', hello, `bare Koa, own process, for scale; ${CONNECTIONS} connections, ${DURATION} s`),
      );
    } finally {
      await koa.stop();
    }

    const floors = await startFloors(Number(new URL(FILES_DIRECT_URL).port), BENCH_DATABASE_URL);
    const { bare, reference } = floors;
    const targets: LoadTarget[] = [
      {
        label: 'GET /files, 100 files, via nginx',
        url: `${ctx.baseURL}/files`,
        headers: json(small),
        notes: 'gateway → svc-files',
        upstreamPort: Number(new URL(FILES_DIRECT_URL).port),
      },
      {
        label: 'GET /files, 100 files, direct',
        url: `${FILES_DIRECT_URL}/files`,
        headers: json(small),
        notes: 'svc-files on :3002, no gateway',
      },
      {
        label: 'GET /files, 100 files, via a bare nginx',
        url: `${bare.url}/files`,
        headers: json(small),
        notes: 'the same svc-files behind nginx with one location and no log (bench/lib/bare-nginx.ts)',
        upstreamPort: Number(new URL(FILES_DIRECT_URL).port),
      },
      ...(typeof reference === 'string'
        ? []
        : [
            {
              label: 'GET /files, 100 files, reference handler',
              url: `${reference.direct.url}/files`,
              headers: json(small),
              notes: "bare Koa + pg, own process: cookie HMAC, svc-files' SQL once, then the listing from memory as svc-files keeps it",
            },
            {
              label: 'GET /files, 100 files, reference handler via a bare nginx',
              url: `${reference.viaBareNginx.url}/files`,
              headers: json(small),
              notes: 'the same reference handler behind its own bare nginx',
              upstreamPort: Number(new URL(reference.direct.url).port),
            },
            {
              label: 'GET /files, 100 files, reference handler querying',
              url: `${reference.direct.url}/files?fresh=1`,
              headers: json(small),
              notes: 'the same, running the SQL on every request (for scale: svc-files answers from its cache)',
            },
          ]),
      {
        label: 'GET /files, 10,000 files, via nginx',
        url: `${ctx.baseURL}/files`,
        headers: json(large),
        notes: 'gateway → svc-files, uncompressed (autocannon asks for no gzip)',
        upstreamPort: Number(new URL(FILES_DIRECT_URL).port),
      },
    ];
    try {
      const results = await loadEach(targets, (message) => ctx.log(`files: ${message}`));
      targets.forEach((target, i) =>
        out.push(...loadRows(target.label, results[i]!, `${target.notes}; ${CONNECTIONS} connections, ${DURATION} s`, koaRps)),
      );
      const result = (label: string) => results[targets.findIndex((t) => t.label === label)];
      const rps = (label: string) => result(label)?.requests.average;
      out.push(
        ...floorRows(
          'GET /files, 100 files,',
          {
            nginx: rps('GET /files, 100 files, via nginx')!,
            direct: rps('GET /files, 100 files, direct')!,
            reference: rps('GET /files, 100 files, reference handler'),
            bare: rps('GET /files, 100 files, via a bare nginx'),
            referenceBare: rps('GET /files, 100 files, reference handler via a bare nginx'),
          },
          typeof reference === 'string' ? reference : undefined,
          {
            nginx: result('GET /files, 100 files, via nginx'),
            reference: result('GET /files, 100 files, reference handler'),
            bare: result('GET /files, 100 files, via a bare nginx'),
          },
        ),
      );
    } finally {
      await floors.stop();
    }

    started = performance.now();
    const index = (await (await fetch(`${ctx.baseURL}/files`, { headers: json(large) })).json()) as Record<string, { id: number }[]>;
    const someId = Object.values(index)[0]![0]!.id;
    const describe = async (i: number) => {
      const res = await fetch(`${ctx.baseURL}/files/${someId}`, {
        method: 'PUT',
        headers: { ...json(large), 'content-type': 'application/json', 'x-csrf-token': large.csrfToken },
        body: JSON.stringify({ file: { description: `Changed before read ${i}` } }),
      });
      if (!res.ok) throw new Error(`PUT /files/${someId} answered ${res.status}`);
      await res.arrayBuffer();
    };
    const cases = [
      ['gzip (as a browser asks)', { 'accept-encoding': 'gzip, deflate, br' }, undefined],
      ['uncompressed', { 'accept-encoding': 'identity' }, undefined],
      ['gzip, right after a change', { 'accept-encoding': 'gzip, deflate, br' }, describe],
    ] as const;
    for (const [label, extra, before] of cases) {
      const r = await single(`${ctx.baseURL}/files`, { ...json(large), ...extra }, before);
      const cache = before
        ? 'the listing is rebuilt by Postgres (a file description changed just before)'
        : 'the listing as cached by svc-files';
      out.push({
        bench: 'GET /files, 10,000 files, one at a time',
        metric: `latency median, ${label}`,
        value: ms(r.median),
        notes: `min ${ms(r.min)}, max ${ms(r.max)}, n=20 via nginx, ${r.encoding}; ${int(r.bytes)} B JSON; ${cache}; goal ≤ 50 ms`,
      });
    }
    ctx.log(`files: single-request runs took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return out;
  },
};
