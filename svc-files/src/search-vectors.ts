import PgBoss from 'pg-boss';
import type { Embedder } from '@cc/ai';
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
} from '@cc/service-kit';
import { T } from './tables';

/**
 * Search by meaning for files and journal entries (docs/search.md#files-and-journal): with
 * EMBEDDINGS_MODEL, every file and journal day gets a vector in `files.search_vectors`
 * (migration 008), filled in the background by a pg-boss queue on the service's own database.
 * Without it, nothing here runs.
 */

export const SCHEMA = 'files';
export const VECTORS = `${SCHEMA}.${VECTOR_TABLE}`;
export const EMBEDDINGS_QUEUE = 'files-embeddings';
/** pg-boss's own tables, apart from svc-files's (as svc-people keeps `people_jobs`). */
export const EMBEDDINGS_BOSS_SCHEMA = 'files_jobs';
/**
 * What is embedded of a note after its title: its start. A model reads a few hundred words at
 * most (longer inputs are cut or refused), and a note is mostly about what it opens with.
 */
export const EMBEDDED_CHARS = 4_000;
/** Writes within this time make one run: an editor saving every few seconds is embedded once, not per save. */
export const KICK_DELAY_MS = 3_000;

const BLANK = `E' \\t\\r\\n'`;

/**
 * The text a file's vector is made from: its name, then the start of its content and
 * description. md5 of exactly this text is its content_hash, so any change to it (and only
 * that: a summary or a move to another folder does not) embeds the file again.
 */
const fileTextSql = (f: string) =>
  `${f}.name || E'\\n\\n' || left(btrim(coalesce(${f}.content, '') || E'\\n\\n' || coalesce(${f}.description, ''), ${BLANK}), ${EMBEDDED_CHARS})`;

/** A journal day's: the day in words ("Tuesday, 3 November 2026", English whatever the server's locale), then the entry's start. */
const journalTextSql = (j: string) =>
  `to_char(${j}.date, 'FMDay, FMDD FMMonth YYYY') || E'\\n\\n' || left(btrim(${j}.content, ${BLANK}), ${EMBEDDED_CHARS})`;

const DAY = (j: string) => `to_char(${j}.date, 'YYYY-MM-DD')`;

/**
 * embedPending's source: files and journal days of every user whose vector is missing, was made
 * from another text (its md5 differs) or by another model. Files first, then journal days; an
 * empty journal day has nothing to embed (saving a day empty is how an entry goes away).
 */
export async function pendingTexts(db: Db, limit: number, model: string): Promise<PendingText[]> {
  const { rows } = (await db.raw(
    `(select f.user_id, 'file' as kind, f.id::text as object_id, t.text, md5(t.text) as content_hash
        from ${T.files} f
       cross join lateral (select ${fileTextSql('f')} as text) t
        left join ${VECTORS} v on v.user_id = f.user_id and v.kind = 'file' and v.object_id = f.id::text
       where v.user_id is null or v.model <> ? or v.content_hash <> md5(t.text)
       limit ?)
     union all
     (select j.user_id, 'journal' as kind, ${DAY('j')} as object_id, t.text, md5(t.text) as content_hash
        from ${T.journal_entries} j
       cross join lateral (select ${journalTextSql('j')} as text) t
        left join ${VECTORS} v on v.user_id = j.user_id and v.kind = 'journal' and v.object_id = ${DAY('j')}
       where btrim(j.content, ${BLANK}) <> '' and (v.user_id is null or v.model <> ? or v.content_hash <> md5(t.text))
       limit ?)
     limit ?`,
    [model, limit, model, limit, limit],
  )) as { rows: PendingText[] };
  return rows;
}

/**
 * Vectors whose note is gone: files deleted with their folder (a file deleted alone loses its
 * vector at once), journal days saved empty. Search never shows them (it reads the notes), this
 * only keeps the table to what exists.
 */
export async function removeStaleVectors(db: Db): Promise<number> {
  // The casts inside case: Postgres may test conditions in any order, and a day is no file id.
  const { rows } = (await db.raw(
    `delete from ${VECTORS} v
      where (v.kind = 'file' and not exists (
              select 1 from ${T.files} f
               where f.user_id = v.user_id and f.id = (case when v.kind = 'file' then v.object_id::int end)))
         or (v.kind = 'journal' and not exists (
              select 1 from ${T.journal_entries} j
               where j.user_id = v.user_id and j.date = (case when v.kind = 'journal' then v.object_id::date end)
                 and btrim(j.content, ${BLANK}) <> ''))
      returning v.object_id`,
  )) as { rows: unknown[] };
  return rows.length;
}

/** What the routes tell after a write: a run soon, and a deleted file's vector gone. */
export interface SearchIndex {
  changed(): void;
  fileDeleted(userId: number, fileId: number): Promise<void>;
}

/** Without EMBEDDINGS_MODEL: writes change nothing here. */
export const noSearchIndex: SearchIndex = { changed: () => undefined, fileDeleted: async () => undefined };

const running = new Set<FilesEmbeddings>();

/** Tests: every instance this process started (a service with EMBEDDINGS_MODEL). */
export const startedEmbeddings = (): FilesEmbeddings[] => [...running];

/** Tests: stop every queue this process started (as a service stop would). */
export async function stopAllFilesEmbeddings(): Promise<void> {
  await Promise.all([...running].map((e) => e.stop()));
}

/**
 * The background half: a pg-boss (its own schema, `bossDb` over the service's pool, so PGlite
 * too) running `files-embeddings` through the kit's scheduleEmbeddings. It starts once the
 * migrations have made search_vectors (the kit migrates after the routes are registered, as
 * svc-people's deep research also waits), and stops on SIGTERM/SIGINT beside the kit's own
 * shutdown.
 */
export class FilesEmbeddings implements SearchIndex {
  private boss: PgBoss | undefined;
  private schedule: EmbeddingSchedule | undefined;
  private stopped = false;
  private kickTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly db: Db,
    private readonly log: Logger,
    readonly embedder: Embedder,
  ) {}

  /** One batch: stale vectors removed, then up to 64 notes embedded. Answers how many were embedded. */
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
          else this.log.error({ err }, 'files embeddings did not start');
        });
      }, 1_000).unref();
    attempt(tries);
  }

  private async start(): Promise<void> {
    await tableStorage(this.db, SCHEMA);
    const boss = new PgBoss({ db: bossDb(this.db) as PgBoss.Db, schema: EMBEDDINGS_BOSS_SCHEMA, schedule: false });
    boss.on('error', (err) => this.log.error({ err }, 'files embeddings queue'));
    this.boss = boss;
    await boss.start();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, this.onSignal);
    // Failures name no text (the embedder's errors never quote their input); the next interval retries.
    const schedule = await scheduleEmbeddings(boss, EMBEDDINGS_QUEUE, (signal) => this.runOnce(signal), {
      onError: (err) => this.log.warn({ err }, 'files embeddings run failed'),
    });
    this.schedule = schedule;
    // Stopped while starting: what stop() could not see yet is stopped here.
    if (this.stopped) await this.stop();
  }

  changed(): void {
    if (this.stopped || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined;
      this.schedule?.kick().catch((err: unknown) => this.log.warn({ err }, 'files embeddings kick'));
    }, KICK_DELAY_MS);
    this.kickTimer.unref();
  }

  async fileDeleted(userId: number, fileId: number): Promise<void> {
    await deleteVectors(this.db, SCHEMA, { userId, kind: 'file', objectIds: [String(fileId)] });
  }

  private readonly onSignal = () => void this.stop().catch((err: unknown) => this.log.error({ err }, 'files embeddings stop'));

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
