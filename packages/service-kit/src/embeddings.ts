/**
 * The foundation of search by meaning (docs/search.md#with-a-model-that-embeds): each service
 * keeps the vectors of its own objects in `<schema>.search_vectors`, fills them in the
 * background, finds a user's nearest ones in SQL, and fuses that ranking with full text.
 *
 * Vectors are stored with pgvector where the database has the `vector` extension (the embedded
 * PGlite loads it), and as `real[]` everywhere else (Debian's Postgres has none), so every run
 * mode works. Vectors are stored and compared at unit length, so a dot product is their cosine.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type PgBoss from 'pg-boss';
import type { Embedder } from '@cc/ai';
import type { SearchGroup, SearchResult } from '@cc/contracts/search';
import { retriedOnRace } from './boss-db';

export type VectorStorage = 'pgvector' | 'array';

export const VECTOR_TABLE = 'search_vectors';
/** Reciprocal rank fusion's constant: the usual 60 keeps one list's first place from deciding alone. */
export const RRF_K = 60;
/** Rows one embedPending call reads and embeds: one request to the model. */
export const EMBED_PENDING_LIMIT = 64;

/** One object's vector, as stored. */
export interface VectorRow {
  user_id: number;
  kind: string;
  object_id: string;
  /** Of the text the vector was made from: a changed text has another hash and is embedded again. */
  content_hash: string;
  model: string;
  embedding: number[];
}

/** An object that needs a vector: what a service's `source` gives embedPending. */
export interface PendingText {
  user_id: number;
  kind: string;
  object_id: string;
  text: string;
  content_hash: string;
}

export interface NearestQuery {
  userId: number;
  kinds: readonly string[];
  /** Only vectors of this model are compared: another model's vectors mean nothing beside it. */
  model: string;
  vector: number[];
  limit: number;
}

export interface NearestRow {
  kind: string;
  object_id: string;
  /** Cosine similarity, -1 to 1. */
  score: number;
}

/** A stable hash of a text to store beside its vector (sources in SQL may use md5(text) instead). */
export const contentHash = (text: string): string => createHash('sha256').update(text).digest('hex');

function unit(vector: number[]): number[] {
  const norm = Math.hypot(...vector);
  return norm > 0 ? vector.map((x) => x / norm) : vector;
}

const table = (schema: string) => `${schema}.${VECTOR_TABLE}`;

/**
 * Whether this database can hold pgvector's `vector`: it is created (in `public`, in a
 * savepoint as ensureExtension does, so a migration survives a refusal) when the server has it.
 * A server without it, or a role that may not create it, stores `real[]`.
 */
export async function vectorStorage(db: Knex): Promise<VectorStorage> {
  const available = (await db.raw(`select 1 from pg_available_extensions where name = 'vector'`)) as { rows: unknown[] };
  if (!available.rows.length) return 'array';
  try {
    await db.transaction((trx) => trx.raw('create extension if not exists vector schema public'));
  } catch {
    // Another service won the race to create it, or this role may not: what exists decides.
  }
  const installed = (await db.raw(`select 1 from pg_extension where extname = 'vector'`)) as { rows: unknown[] };
  return installed.rows.length ? 'pgvector' : 'array';
}

/**
 * A migration's step: `<schema>.search_vectors`, one vector per object of a user. The primary
 * key (user_id, kind, object_id) is also the index every query uses (a user's kinds), so there
 * is no second index on (user_id, kind). `dimensions` fixes pgvector's `vector(n)` when known;
 * without it the column takes any length (nearest compares only vectors of one model).
 */
export async function createVectorTable(knex: Knex, schema: string, { dimensions }: { dimensions?: number } = {}): Promise<VectorStorage> {
  const storage = await vectorStorage(knex);
  const column = storage === 'pgvector' ? `public.vector${dimensions ? `(${Math.trunc(dimensions)})` : ''}` : 'real[]';
  await knex.raw(
    `create table ?? (
       user_id integer not null,
       kind text not null,
       object_id text not null,
       content_hash text not null,
       model text not null,
       embedding ${column} not null,
       updated_at timestamptz not null default now(),
       primary key (user_id, kind, object_id)
     )`,
    [table(schema)],
  );
  return storage;
}

/** How a schema's table stores its vectors, read from the column itself (the table decides, not the server). */
const storageOf = new WeakMap<object, Map<string, Promise<VectorStorage>>>();

export function tableStorage(db: Knex, schema: string): Promise<VectorStorage> {
  let bySchema = storageOf.get(db);
  if (!bySchema) storageOf.set(db, (bySchema = new Map()));
  let known = bySchema.get(schema);
  if (!known) {
    known = (async () => {
      const found = (await db.raw(
        `select udt_name from information_schema.columns where table_schema = ? and table_name = ? and column_name = 'embedding'`,
        [schema, VECTOR_TABLE],
      )) as { rows: Array<{ udt_name: string }> };
      const type = found.rows[0]?.udt_name;
      if (!type) throw new Error(`${table(schema)} does not exist: run createVectorTable in a migration`);
      return type === 'vector' ? 'pgvector' : 'array';
    })();
    bySchema.set(schema, known);
    // A missing table is not remembered: the migration may run next.
    known.catch(() => bySchema.delete(schema));
  }
  return known;
}

/**
 * SQL joining a source row to its stored vector as `v` (`v.user_id` null when it has none), for
 * an embedPending source: `userSql` and `objectIdSql` are the row's, `kindSql` its kind as SQL.
 * One primary-key probe per row: a LATERAL with LIMIT 1 cannot become the merge anti join that
 * stale statistics on a table filling fast chose, which compared every stored vector with every row.
 */
export function storedVectorJoin(schema: string, userSql: string, kindSql: string, objectIdSql: string): string {
  return `left join lateral (
            select v.user_id, v.model, v.content_hash from ${table(schema)} v
             where v.user_id = ${userSql} and v.kind = ${kindSql} and v.object_id = ${objectIdSql}
             limit 1) v on true`;
}

/** A vector as SQL text: `{…}` for real[], `[…]` for pgvector (both bound as one string). */
const literal = (storage: VectorStorage, v: number[]) => (storage === 'pgvector' ? `[${v.join(',')}]` : `{${v.join(',')}}`);
const vectorType = (storage: VectorStorage) => (storage === 'pgvector' ? 'public.vector' : 'real[]');

/** Stores vectors (at unit length), replacing an object's earlier one. */
export async function upsertVectors(db: Knex, schema: string, rows: VectorRow[]): Promise<void> {
  if (!rows.length) return;
  const storage = await tableStorage(db, schema);
  await db(table(schema))
    .insert(
      rows.map((r) => ({
        user_id: r.user_id,
        kind: r.kind,
        object_id: r.object_id,
        content_hash: r.content_hash,
        model: r.model,
        embedding: db.raw(`?::${vectorType(storage)}`, [literal(storage, unit(r.embedding))]),
        updated_at: db.fn.now(),
      })),
    )
    .onConflict(['user_id', 'kind', 'object_id'])
    .merge(['content_hash', 'model', 'embedding', 'updated_at']);
}

/** Removes a user's vectors: of some objects of a kind, of a whole kind, or all of them. Answers how many. */
export async function deleteVectors(
  db: Knex,
  schema: string,
  { userId, kind, objectIds }: { userId: number; kind?: string; objectIds?: readonly string[] },
): Promise<number> {
  const query = db(table(schema)).where({ user_id: userId });
  if (kind !== undefined) query.andWhere({ kind });
  if (objectIds) {
    if (!objectIds.length) return 0;
    query.whereIn('object_id', [...objectIds]);
  }
  // Counted from the rows themselves: PGlite's client answers a delete with its result, not a number.
  return (await query.delete().returning('object_id')).length;
}

/**
 * The user's objects of these kinds nearest to `vector`, best first (then by kind and id, so
 * equal scores come in one order). Always one user's rows: the primary key's (user_id, kind)
 * prefix finds them, and they are compared exactly, without an approximate index.
 */
export async function nearest(db: Knex, schema: string, q: NearestQuery): Promise<NearestRow[]> {
  if (!q.kinds.length || !q.vector.length || q.limit <= 0) return [];
  const storage = await tableStorage(db, schema);
  const kinds = q.kinds.map(() => '?').join(', ');
  const query = literal(storage, unit(q.vector));
  const result = (await (storage === 'pgvector'
    ? pgvectorNearest(db, schema, kinds, query, q)
    : db.raw(
        // Both vectors are at unit length: the sum of their products, element by element, is the cosine.
        `select v.kind, v.object_id, s.score
           from ?? v,
                lateral (select sum(a::float8 * b::float8) as score
                           from unnest(v.embedding, ?::real[]) as pair(a, b)) s
          where v.user_id = ? and v.kind in (${kinds}) and v.model = ? and cardinality(v.embedding) = ?
          order by s.score desc, v.kind, v.object_id
          limit ?`,
        [table(schema), query, q.userId, ...q.kinds, q.model, q.vector.length, q.limit],
      ))) as { rows: Array<{ kind: string; object_id: string; score: number | string }> };
  return result.rows.map((r) => ({ kind: r.kind, object_id: r.object_id, score: Number(r.score) }));
}

/** pgvector's cosine distance `<=>` (schema-qualified, as the extension lives in public). */
function pgvectorNearest(db: Knex, schema: string, kinds: string, query: string, q: NearestQuery) {
  return db.raw(
    `select kind, object_id, 1 - (embedding operator(public.<=>) ?::public.vector) as score
       from ??
      where user_id = ? and kind in (${kinds}) and model = ? and public.vector_dims(embedding) = ?
      order by embedding operator(public.<=>) ?::public.vector, kind, object_id
      limit ?`,
    [query, table(schema), q.userId, ...q.kinds, q.model, q.vector.length, query, q.limit],
  );
}

/**
 * Reciprocal rank fusion: each list adds 1 / (k + rank) to a key (rank from 1; a key counts once
 * per list, at its best place). Keys come best first; equal sums keep the order in which the
 * lists first named them, so the first list (full text) wins ties.
 */
export function fuseRankings(lists: ReadonlyArray<ReadonlyArray<{ key: string }>>, k = RRF_K): string[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    const seen = new Set<string>();
    list.forEach(({ key }, i) => {
      if (seen.has(key)) return;
      seen.add(key);
      scores.set(key, (scores.get(key) ?? 0) + 1 / (k + i + 1));
    });
  }
  const order = [...scores.keys()];
  return order
    .map((key, first) => ({ key, first, score: scores.get(key)! }))
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .map((e) => e.key);
}

/** An object among a kind's nearest: its result, and whether full text matches it too (then the group's total counts it already). */
export interface MeaningMatch {
  result: SearchResult;
  matched: boolean;
}

/**
 * One kind's full-text group fused with its nearest objects (`ranked`, best first, those that
 * still exist): reciprocal rank fusion, ties to full text, at most `limit`. An object found by
 * meaning alone gets its own result, marked `by_meaning` (a chat's retrieval takes it though it
 * shares no words to count); `total` is the full-text total plus those full text does not match.
 */
export function fuseGroup(group: SearchGroup, ranked: readonly MeaningMatch[], limit: number): SearchGroup {
  if (!ranked.length) return group;
  const byFullText = new Map(group.results.map((r) => [r.id, r]));
  const byMeaning = new Map(ranked.map((r) => [r.result.id, r]));
  const order = fuseRankings([group.results.map((r) => ({ key: r.id })), ranked.map((r) => ({ key: r.result.id }))]).slice(0, limit);
  const meaningOnly = ranked.filter((r) => !r.matched && !byFullText.has(r.result.id)).length;
  return {
    kind: group.kind,
    total: group.total + meaningOnly,
    results: order.map((key) => {
      const found = byFullText.get(key);
      if (found) return found;
      const { result, matched } = byMeaning.get(key)!;
      return matched ? result : { ...result, by_meaning: true };
    }),
  };
}

/**
 * One batch of background work: `source(limit, model)` gives objects that may need a vector
 * (best: those whose stored content_hash or model differ, read with a join on search_vectors);
 * the ones already stored with the same hash and model, and empty texts, are skipped; the rest
 * are embedded in one request and stored. Answers how many were embedded (0: nothing to do).
 * No text is logged or thrown: the embedder's errors name no input.
 */
export async function embedPending(
  db: Knex,
  schema: string,
  embedder: Embedder,
  source: (limit: number, model: string) => Promise<PendingText[]>,
  { limit = EMBED_PENDING_LIMIT, signal }: { limit?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const candidates = (await source(limit, embedder.model)).filter((r) => r.text.trim());
  if (!candidates.length) return 0;
  const stored = (await db(table(schema))
    .whereIn(
      ['user_id', 'kind', 'object_id'],
      candidates.map((r) => [r.user_id, r.kind, r.object_id]),
    )
    .select('user_id', 'kind', 'object_id', 'content_hash', 'model')) as Array<Omit<VectorRow, 'embedding'>>;
  const key = (r: { user_id: number; kind: string; object_id: string }) => `${r.user_id}\u0000${r.kind}\u0000${r.object_id}`;
  const current = new Map(stored.map((r) => [key(r), r]));
  const todo = candidates.filter((r) => {
    const s = current.get(key(r));
    return !s || s.content_hash !== r.content_hash || s.model !== embedder.model;
  });
  if (!todo.length) return 0;
  const vectors = await embedder.embed(
    todo.map((r) => r.text),
    signal,
  );
  await upsertVectors(
    db,
    schema,
    todo.map((r, i) => ({ ...r, model: embedder.model, embedding: vectors[i]! })),
  );
  return todo.length;
}

export interface EmbeddingSchedule {
  /** Asks for a run now (after a write): at most one waits, whatever the number of kicks. */
  kick(): Promise<void>;
  /** Stops the timer and the worker, cancels a run under way and waits for it. The boss stays the caller's. */
  stop(): Promise<void>;
}

/**
 * Runs `work` as a pg-boss queue `name`: every `intervalSeconds`, on `kick()`, and again at once
 * while it reports work done (a backlog drains batch by batch). The queue is `stately` with one
 * singleton key: one run at a time across every instance, and at most one waiting, so kicks
 * never pile up. A failed run is not retried: the next interval is its retry. `onError` is told
 * of failures (the caller logs them; they carry no user text).
 */
export async function scheduleEmbeddings(
  boss: PgBoss,
  name: string,
  work: (signal: AbortSignal) => Promise<number | void>,
  { intervalSeconds = 60, onError }: { intervalSeconds?: number; onError?: (err: unknown) => void } = {},
): Promise<EmbeddingSchedule> {
  await retriedOnRace(() => boss.createQueue(name, { name, policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 }));
  const controller = new AbortController();
  let stopped = false;
  let running: Promise<unknown> | undefined;
  let workerId = '';

  const kick = async () => {
    if (stopped) return;
    await boss.send(name, {}, { singletonKey: name });
    // The local worker looks at once rather than at its next poll.
    if (workerId) boss.notifyWorker(workerId);
  };
  const kickQuietly = () => void kick().catch((err: unknown) => onError?.(err));

  // The job is completed (or failed) here, before the handler returns: pg-boss would do it
  // without waiting, and its next fetch could then find this run still active and, the queue
  // being stately, fail to start the one waiting until the next poll.
  workerId = await boss.work(name, { pollingIntervalSeconds: Math.min(60, Math.max(1, intervalSeconds)), batchSize: 1 }, async ([job]) => {
    if (!job) return;
    if (stopped) {
      await boss.complete(name, job.id);
      return;
    }
    const run = work(controller.signal);
    running = run;
    try {
      const done = await run;
      await boss.complete(name, job.id);
      if (typeof done === 'number' && done > 0) kickQuietly();
    } catch (err) {
      await boss.fail(name, job.id, { message: err instanceof Error ? err.message : 'failed' }).catch(() => undefined);
      if (!stopped) onError?.(err);
    } finally {
      running = undefined;
    }
  });
  const timer = setInterval(kickQuietly, intervalSeconds * 1000);
  timer.unref();
  kickQuietly();

  return {
    kick,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      controller.abort();
      await boss.offWork(name);
      await running?.catch(() => undefined);
    },
  };
}
