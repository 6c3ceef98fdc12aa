// Search by meaning (EMBEDDINGS_MODEL) on the search bench's account: how long the background
// queues take to embed it, then GET /search and a chat's retrieval with both rankings fused.
//
// Opt-in (`npm run bench -- --only=search-meaning`): it sets EMBEDDINGS_MODEL for the whole
// stack it starts, which would change every other module's figures. The embeddings come from
// the `@cc/ai/testing` server (deterministic vectors, answered at once), so the figures are
// what the services, Postgres and the fusion add, not a real model's own time.
import { modelServer, moduleSelected } from '../lib/model-server';
import { withBenchDb, userIdOf } from '../lib/db';
import { median } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';
import { domainLatency, firstToken, searchLatency, seed } from './search';

const NAME = 'search-meaning';
const EMBEDDED_WITHIN_MS = Number(process.env.BENCH_EMBED_TIMEOUT_MS ?? 15 * 60_000);

if (moduleSelected(NAME, { optIn: true })) {
  const server = await modelServer(Number(process.env.BENCH_AI_DELAY_MS ?? 50));
  process.env.EMBEDDINGS_MODEL = 'bench-embeddings';
  process.stderr.write(`[bench] ${NAME}: EMBEDDINGS_MODEL at the OpenAI test server ${server.baseURL}\n`);
}

/** What the seeded account should end with: files and days, people and meetings, todos. */
const EXPECTED = { files: 12_000, people: 6_000, coaching: 2_000 } as const;

async function vectorCounts(userId: number): Promise<Record<keyof typeof EXPECTED, number>> {
  return withBenchDb(async (db) => {
    const count = async (schema: string) =>
      Number(((await db(`${schema}.search_vectors`).where({ user_id: userId }).count('* as n')) as Array<{ n: string }>)[0]!.n);
    return { files: await count('files'), people: await count('people'), coaching: await count('coaching') };
  });
}

/** One write per domain through the gateway: the kick a user's own edit gives each queue (the seed wrote SQL). */
async function kick(ctx: BenchContext, user: BenchUser): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(new URL(path, ctx.baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}`);
  };
  await post('/files', { file: { name: 'kick.md', folder: 'area-1', content: 'A note written after the import.' } });
  await post('/people', { person: { full_name: 'Kick Person' } });
  await post('/planning/todos', { todo: { title: 'A todo written after the import', description: '' } });
}

export const searchMeaning: BenchModule = {
  name: NAME,
  optIn: true,
  description:
    'GET /search and a chat’s retrieval with EMBEDDINGS_MODEL: the search bench’s account embedded in the background, both rankings fused',
  async run(ctx) {
    const user = await ctx.newUser(NAME);
    await seed(ctx, user);
    const userId = await userIdOf(ctx, user);
    const started = performance.now();
    await kick(ctx, user);
    let counts = await vectorCounts(userId);
    const done = () => (Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>).every((k) => counts[k] >= EXPECTED[k]);
    while (!done()) {
      if (performance.now() - started > EMBEDDED_WITHIN_MS) throw new Error(`not embedded in time: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 500));
      counts = await vectorCounts(userId);
    }
    const seconds = (performance.now() - started) / 1000;
    const storage = await withBenchDb(async (db) => {
      const { rows } = await db.raw(
        `select udt_name from information_schema.columns where table_schema = 'files' and table_name = 'search_vectors' and column_name = 'embedding'`,
      );
      return rows[0]?.udt_name === 'vector' ? 'pgvector' : 'real[] (this Postgres has no pgvector)';
    });
    const embedded = counts.files + counts.people + counts.coaching;
    const rows: Row[] = [
      {
        bench: NAME,
        metric: 'background embedding of the account',
        value: `${seconds.toFixed(1)} s`,
        notes: `${embedded} objects (${Math.round(embedded / seconds)}/s) by three queues in batches of 64, the test model answering at once`,
      },
    ];
    const pct = (values: number[], q: number) =>
      [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)]!;
    const { times, partial } = await searchLatency(ctx, user);
    rows.push(
      {
        bench: NAME,
        metric: 'GET /search p50 (nginx)',
        value: `${pct(times, 0.5).toFixed(1)} ms`,
        notes: `full text and meaning fused; vectors stored as ${storage}`,
      },
      {
        bench: NAME,
        metric: 'GET /search p95 (nginx)',
        value: `${pct(times, 0.95).toFixed(1)} ms`,
        notes: `goal without embeddings ≤ 50 ms; ${partial} partial answers, n=${times.length}`,
      },
    );
    if (/\/\/(127\.0\.0\.1|localhost):8090\b/.test(ctx.baseURL))
      rows.push(...(await domainLatency(user)).map((r) => ({ ...r, bench: NAME })));
    const off = await firstToken(ctx, user, false);
    const on = await firstToken(ctx, user, true);
    rows.push({
      bench: NAME,
      metric: 'retrieval adds to the first token',
      value: `${(median(on) - median(off)).toFixed(1)} ms`,
      notes: `medians, the query embedded too (goal without embeddings ≤ 30 ms); off ${median(off).toFixed(1)} ms, on ${median(on).toFixed(1)} ms`,
    });
    return rows;
  },
};
