import PgBoss from 'pg-boss';
import { createEmbedder, type Embedder } from '@cc/ai';
import {
  bossDb,
  dbOpen,
  deleteVectors,
  embedPending,
  scheduleEmbeddings,
  tableStorage,
  VECTOR_TABLE,
  type Db,
  type EmbeddingSchedule,
  type Logger,
  type PendingText,
  type ServiceContext,
} from '@cc/service-kit';
import { COACHING_EMBEDDED } from './coaching/search';
import { PLANNING_EMBEDDED } from './planning/search';
import { VECTOR_SCHEMA, type EmbeddedKind } from './search-sql';

/**
 * Search by meaning for todos, milestones, action-plan weeks, check-in answers and
 * information-gathering plans (docs/search.md#coaching): with EMBEDDINGS_MODEL, each gets a
 * vector in `coaching.search_vectors` (coaching's migration 006: one table for both modules'
 * kinds, as they share the schema), filled in the background by a pg-boss queue on the
 * service's own database. Each module says what of its rows is embedded (PLANNING_EMBEDDED,
 * COACHING_EMBEDDED); this runs them. Without EMBEDDINGS_MODEL, nothing here runs.
 */

export const SCHEMA = VECTOR_SCHEMA;
export const VECTORS = `${SCHEMA}.${VECTOR_TABLE}`;
export const EMBEDDINGS_QUEUE = 'coaching-embeddings';
/** pg-boss's own tables, apart from svc-coaching's (as svc-files keeps `files_jobs`). */
export const EMBEDDINGS_BOSS_SCHEMA = 'coaching_jobs';
/** Writes within this time make one run: a week or notes saved every few seconds are embedded once, not per save. */
export const KICK_DELAY_MS = 3_000;

const EMBEDDED: EmbeddedKind[] = [...PLANNING_EMBEDDED, ...COACHING_EMBEDDED];

/**
 * embedPending's source: rows of every user whose vector is missing, was made from another text
 * (its md5 differs) or by another model, kind after kind. A row with nothing to embed (a week
 * with no actions, a check-in with no notes and nothing said) has none.
 */
export async function pendingTexts(db: Db, limit: number, model: string): Promise<PendingText[]> {
  const parts = EMBEDDED.map(
    (k) =>
      `(select e.user_id, '${k.kind}' as kind, e.object_id, e.text, md5(e.text) as content_hash
          from (select t.user_id, ${k.objectId} as object_id, ${k.text} as text
                  from ${k.from} ${k.where ? `where ${k.where}` : ''}) e
          left join ${VECTORS} v on v.user_id = e.user_id and v.kind = '${k.kind}' and v.object_id = e.object_id
         where e.text <> '' and (v.user_id is null or v.model <> ? or v.content_hash <> md5(e.text))
         limit ?)`,
  );
  const { rows } = (await db.raw(`${parts.join('\n union all\n')}\n limit ?`, [...EMBEDDED.flatMap(() => [model, limit]), limit])) as {
    rows: PendingText[];
  };
  return rows;
}

/**
 * Vectors whose row is gone or no longer searchable: a todo or milestone deleted elsewhere, the
 * weeks of a plan archived by a new one, a check-in whose question was deleted, a text emptied.
 * Search never shows them (it reads the rows), this only keeps the table to what exists.
 */
export async function removeStaleVectors(db: Db): Promise<number> {
  const gone = EMBEDDED.map(
    (k) =>
      `(v.kind = '${k.kind}' and not exists (
          select 1 from ${k.from}
           where t.user_id = v.user_id and ${k.objectId} = v.object_id ${k.where ? `and ${k.where}` : ''} and ${k.text} <> ''))`,
  );
  const { rows } = (await db.raw(`delete from ${VECTORS} v where ${gone.join('\n or ')} returning v.object_id`)) as { rows: unknown[] };
  return rows.length;
}

/** What the routes tell after a write: a run soon, and a deleted todo's or milestone's vector gone. */
export interface SearchIndex {
  changed(): void;
  deleted(userId: number, kind: 'todo' | 'milestone', id: number): Promise<void>;
}

/** Without EMBEDDINGS_MODEL: writes change nothing here. */
export const noSearchIndex: SearchIndex = { changed: () => undefined, deleted: async () => undefined };

const running = new Set<CoachingEmbeddings>();

/** Tests: every instance this process started (a service with EMBEDDINGS_MODEL). */
export const startedEmbeddings = (): CoachingEmbeddings[] => [...running];

/** Tests: stop every queue this process started (as a service stop would). */
export async function stopAllCoachingEmbeddings(): Promise<void> {
  await Promise.all([...running].map((e) => e.stop()));
}

/**
 * The background half: a pg-boss (its own schema, `bossDb` over the service's pool, so PGlite
 * too) running `coaching-embeddings` through the kit's scheduleEmbeddings. It starts once the
 * migrations have made search_vectors (the kit migrates after the routes are registered), and
 * stops on SIGTERM/SIGINT beside the kit's own shutdown.
 */
export class CoachingEmbeddings implements SearchIndex {
  private boss: PgBoss | undefined;
  private schedule: EmbeddingSchedule | undefined;
  private stopped = false;
  private kickTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly db: Db,
    private readonly log: Logger,
    readonly embedder: Embedder,
  ) {}

  /** One batch: stale vectors removed, then up to 64 rows embedded. Answers how many were embedded. */
  async runOnce(signal?: AbortSignal): Promise<number> {
    await removeStaleVectors(this.db);
    return embedPending(this.db, SCHEMA, this.embedder, (limit, model) => pendingTexts(this.db, limit, model), signal ? { signal } : {});
  }

  /** Tests and tools: batches until nothing is left, without the queue. Answers how many were embedded. */
  async embedAll(): Promise<number> {
    let total = 0;
    for (let done = await this.runOnce(); done > 0; done = await this.runOnce()) total += done;
    return total;
  }

  /** Tries to start every second until the table exists (the migrations ran) or the database closes. */
  startWhenReady(tries = 120): void {
    running.add(this);
    const attempt = (left: number) =>
      setTimeout(() => {
        if (this.stopped || !dbOpen(this.db)) return;
        this.start().catch((err: unknown) => {
          if (this.stopped) return;
          if (left > 0 && dbOpen(this.db)) attempt(left - 1);
          else this.log.error({ err }, 'coaching embeddings did not start');
        });
      }, 1_000).unref();
    attempt(tries);
  }

  private async start(): Promise<void> {
    await tableStorage(this.db, SCHEMA);
    const boss = new PgBoss({ db: bossDb(this.db) as PgBoss.Db, schema: EMBEDDINGS_BOSS_SCHEMA, schedule: false });
    boss.on('error', (err) => this.log.error({ err }, 'coaching embeddings queue'));
    this.boss = boss;
    await boss.start();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, this.onSignal);
    // Failures name no text (the embedder's errors never quote their input); the next interval retries.
    const schedule = await scheduleEmbeddings(boss, EMBEDDINGS_QUEUE, (signal) => this.runOnce(signal), {
      onError: (err) => this.log.warn({ err }, 'coaching embeddings run failed'),
    });
    this.schedule = schedule;
    // Stopped while starting: what stop() could not see yet is stopped here.
    if (this.stopped) await this.stop();
  }

  changed(): void {
    if (this.stopped || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined;
      this.schedule?.kick().catch((err: unknown) => this.log.warn({ err }, 'coaching embeddings kick'));
    }, KICK_DELAY_MS);
    this.kickTimer.unref();
  }

  async deleted(userId: number, kind: 'todo' | 'milestone', id: number): Promise<void> {
    await deleteVectors(this.db, SCHEMA, { userId, kind, objectIds: [String(id)] });
  }

  private readonly onSignal = () => void this.stop().catch((err: unknown) => this.log.error({ err }, 'coaching embeddings stop'));

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.kickTimer);
    this.kickTimer = undefined;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.off(signal, this.onSignal);
    running.delete(this);
    const { schedule, boss } = this;
    this.schedule = undefined;
    this.boss = undefined;
    await schedule?.stop();
    await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}

/** Both modules' routes get the one index of their service: one per service context (the kit gives both modules the same). */
const indexes = new WeakMap<object, { index: SearchIndex; embedder: Embedder | undefined }>();

/**
 * The service's search index and embedder, made by whichever module's routes ask first: with
 * EMBEDDINGS_MODEL, a CoachingEmbeddings started once the migrations ran; without it, none.
 */
export function coachingSearchIndex(context: Pick<ServiceContext, 'db' | 'log' | 'config'>): {
  index: SearchIndex;
  embedder: Embedder | undefined;
} {
  const { db, log, config } = context;
  let known = indexes.get(context);
  if (!known) {
    const embedder = createEmbedder(config.env ?? {});
    const embeddings = embedder ? new CoachingEmbeddings(db, log, embedder) : undefined;
    embeddings?.startWhenReady();
    known = { index: embeddings ?? noSearchIndex, embedder: embedder ?? undefined };
    indexes.set(context, known);
  }
  return known;
}
