import type { Embedder } from '@cc/ai';
import { EmbeddingsQueue, storedVectorJoin, deleteVectors, VECTOR_TABLE, type Db, type Logger, type PendingText } from '@cc/service-kit';
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
 * Missing vectors are asked for before changed ones: finding a changed text hashes every note,
 * so while an import is being embedded each batch would otherwise hash everything embedded so
 * far (12,000 notes took minutes); a batch now stops at the first 64 without a vector.
 */
export async function pendingTexts(db: Db, limit: number, model: string): Promise<PendingText[]> {
  const files = (where: string) =>
    `(select f.user_id, 'file' as kind, f.id::text as object_id, t.text, md5(t.text) as content_hash
        from ${T.files} f
       cross join lateral (select ${fileTextSql('f')} as text) t
        ${storedVectorJoin(SCHEMA, 'f.user_id', "'file'", 'f.id::text')}
       where ${where}
       limit ?)`;
  const days = (where: string) =>
    `(select j.user_id, 'journal' as kind, ${DAY('j')} as object_id, t.text, md5(t.text) as content_hash
        from ${T.journal_entries} j
       cross join lateral (select ${journalTextSql('j')} as text) t
        ${storedVectorJoin(SCHEMA, 'j.user_id', "'journal'", DAY('j'))}
       where btrim(j.content, ${BLANK}) <> '' and ${where}
       limit ?)`;
  const missing = 'v.user_id is null';
  const changed = '(v.user_id is not null and (v.model <> ? or v.content_hash <> md5(t.text)))';
  const { rows } = (await db.raw(
    `${files(missing)} union all ${days(missing)} union all ${files(changed)} union all ${days(changed)} limit ?`,
    [limit, limit, model, limit, model, limit, limit],
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

/** The kit's embeddings queue for svc-files's objects, and the vectors its routes delete at once. */
export class FilesEmbeddings extends EmbeddingsQueue implements SearchIndex {
  constructor(db: Db, log: Logger, embedder: Embedder) {
    super(db, log, embedder, {
      schema: SCHEMA,
      queue: EMBEDDINGS_QUEUE,
      bossSchema: EMBEDDINGS_BOSS_SCHEMA,
      pending: (limit, model) => pendingTexts(db, limit, model),
      removeStale: () => removeStaleVectors(db),
      kickDelayMs: KICK_DELAY_MS,
    });
  }

  async fileDeleted(userId: number, fileId: number): Promise<void> {
    await deleteVectors(this.db, SCHEMA, { userId, kind: 'file', objectIds: [String(fileId)] });
  }
}
