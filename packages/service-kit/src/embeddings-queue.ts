import PgBoss from 'pg-boss';
import type { Embedder } from '@cc/ai';
import { bossDb, startedBoss } from './boss-db';
import type { BackgroundTask } from './app';
import type { Db } from './db';
import { embedPending, scheduleEmbeddings, tableStorage, type EmbeddingSchedule, type PendingText } from './embeddings';
import type { Logger } from './logger';

/**
 * A service's background half of search by meaning (docs/search.md#with-a-model-that-embeds): a
 * pg-boss in its own schema (`bossDb` over the service's pool, so PGlite too) running the
 * service's queue through scheduleEmbeddings. It is the service's background task
 * (`context.background`): the kit starts it once the migrations have made search_vectors and
 * stops it before the database closes. It is kicked a few seconds after writes. svc-files,
 * svc-coaching and svc-people each extend it with what their routes delete.
 */
export interface EmbeddingsQueueOptions {
  /** The service's schema, where search_vectors lives. */
  schema: string;
  /** The pg-boss queue (`files-embeddings`) and the schema of pg-boss's own tables (`files_jobs`). */
  queue: string;
  bossSchema: string;
  /** What needs a vector (embedPending's source) and what to do first each run (vectors of objects gone). */
  pending: (limit: number, model: string) => Promise<PendingText[]>;
  removeStale: () => Promise<unknown>;
  /** Writes within this time make one run: an editor saving every few seconds is embedded once. */
  kickDelayMs?: number;
}

const running = new Set<EmbeddingsQueue>();

/** Tests: every queue this process started (a service with EMBEDDINGS_MODEL). */
export const startedEmbeddingsQueues = (): EmbeddingsQueue[] => [...running];

/** Tests: stops every queue this process started (as each service's stop would). */
export async function stopEmbeddingsQueues(): Promise<void> {
  await Promise.all([...running].map((queue) => queue.stop()));
}

export const EMBEDDINGS_KICK_DELAY_MS = 3_000;

export class EmbeddingsQueue implements BackgroundTask {
  private boss: PgBoss | undefined;
  private schedule: EmbeddingSchedule | undefined;
  private stopped = false;
  private kickTimer: NodeJS.Timeout | undefined;

  get name(): string {
    return this.options.queue;
  }

  constructor(
    readonly db: Db,
    protected readonly log: Logger,
    readonly embedder: Embedder,
    private readonly options: EmbeddingsQueueOptions,
  ) {}

  /** One batch: stale vectors removed, then up to 64 objects embedded. Answers how many were embedded. */
  async runOnce(signal?: AbortSignal): Promise<number> {
    await this.options.removeStale();
    return embedPending(this.db, this.options.schema, this.embedder, this.options.pending, signal ? { signal } : {});
  }

  /** Tests and tools: batches until nothing is left, without the queue. Answers how many were embedded. */
  async embedAll(): Promise<number> {
    let total = 0;
    for (let done = await this.runOnce(); done > 0; done = await this.runOnce()) total += done;
    return total;
  }

  /** The kit calls it once the migrations ran (BackgroundTask). */
  async start(): Promise<void> {
    const { schema, queue, bossSchema } = this.options;
    if (this.stopped) return;
    running.add(this);
    await tableStorage(this.db, schema);
    const boss = await startedBoss(() => {
      const made = new PgBoss({ db: bossDb(this.db) as PgBoss.Db, schema: bossSchema, schedule: false });
      made.on('error', (err) => this.log.error({ err, queue }, 'embeddings queue'));
      return made;
    });
    this.boss = boss;
    // Failures name no text (the embedder's errors never quote their input); the next interval retries.
    this.schedule = await scheduleEmbeddings(boss, queue, (signal) => this.runOnce(signal), {
      onError: (err) => this.log.warn({ err, queue }, 'embeddings run failed'),
    });
    // Stopped while starting: what stop() could not see yet is stopped here.
    if (this.stopped) await this.stop();
  }

  /** After a write: a run soon (one for every write within the kick delay). */
  changed(): void {
    if (this.stopped || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined;
      this.schedule?.kick().catch((err: unknown) => this.log.warn({ err, queue: this.options.queue }, 'embeddings kick'));
    }, this.options.kickDelayMs ?? EMBEDDINGS_KICK_DELAY_MS);
    this.kickTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.kickTimer);
    this.kickTimer = undefined;
    running.delete(this);
    const { schedule, boss } = this;
    this.schedule = undefined;
    this.boss = undefined;
    await schedule?.stop();
    await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}

/** Search by meaning beside full text: the service's embedder, when EMBEDDINGS_MODEL is set. */
export interface MeaningSearch {
  embedder: Embedder;
  log: Logger;
  /** The cosine an object's vector must reach to count (EMBEDDINGS_MIN_SIMILARITY). */
  minSimilarity: number;
}

/**
 * How long a search waits for its query's vector before answering by full text alone: under
 * svc-chat's 1.5 s for a domain, so a slow model still leaves time for the full-text answer; a
 * chat's retrieval (`any`) has 800 ms in all, so it waits less.
 */
export const QUERY_VECTOR_MS = 1_200;
export const RETRIEVAL_VECTOR_MS = 400;

/** The query's vector, or null (no model answer in time, an error): then full text alone. Never logs the query. */
export async function queryVector(meaning: MeaningSearch, q: string, any: boolean): Promise<number[] | null> {
  try {
    const [vector] = await meaning.embedder.embed([q.trim()], AbortSignal.timeout(any ? RETRIEVAL_VECTOR_MS : QUERY_VECTOR_MS));
    return vector ?? null;
  } catch (err) {
    // Only what failed: the error's kind and code, never a message that might quote something.
    const { name, code } = err as { name?: unknown; code?: unknown };
    meaning.log.warn(
      { failure: { name: String(name ?? 'Error'), code: typeof code === 'string' ? code : undefined } },
      'search by meaning unavailable: full text only',
    );
    return null;
  }
}
