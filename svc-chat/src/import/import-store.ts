import type { ImportStatus, ImportSummary } from '@cc/contracts/import';
import { isoOrNull, tableNames, type Db } from '@cc/service-kit';

const T = tableNames('chat', ['imports'] as const);

/** The imports' rows (docs/import.md): what `GET /import/{id}` answers, each scoped to its user. */

interface ImportRow {
  id: string;
  state: ImportStatus['state'];
  source: ImportStatus['source'];
  progress: number;
  summary: ImportSummary;
  errors: string[];
  started_at: unknown;
  finished_at: unknown;
}

const statusOf = (r: ImportRow): ImportStatus => ({
  id: r.id,
  state: r.state,
  source: r.source,
  progress: r.progress,
  summary: r.summary,
  errors: r.errors,
  started_at: isoOrNull(r.started_at)!,
  finished_at: isoOrNull(r.finished_at),
});

const COLUMNS = ['id', 'state', 'source', 'progress', 'summary', 'errors', 'started_at', 'finished_at'];

export async function createImport(
  db: Db,
  userId: number,
  id: string,
  source: ImportStatus['source'],
  summary: ImportSummary,
): Promise<ImportStatus> {
  const [row] = (await db(T.imports)
    .insert({ id, user_id: userId, state: 'running', source, summary: JSON.stringify(summary) })
    .returning(COLUMNS)) as ImportRow[];
  return statusOf(row!);
}

/** The user's import still running, if any: one at a time. */
export async function runningImport(db: Db, userId: number): Promise<boolean> {
  return Boolean(await db(T.imports).where({ user_id: userId, state: 'running' }).first('id'));
}

export async function readImport(db: Db, userId: number, id: string): Promise<ImportStatus | undefined> {
  const row = (await db(T.imports).where({ id, user_id: userId }).first(COLUMNS)) as ImportRow | undefined;
  return row ? statusOf(row) : undefined;
}

export async function reportProgress(db: Db, id: string, progress: number): Promise<void> {
  await db(T.imports).where({ id, state: 'running' }).update({ progress, updated_at: db.fn.now() });
}

export async function finishImport(
  db: Db,
  id: string,
  outcome: { state: 'done'; summary: ImportSummary } | { state: 'failed'; errors: string[] },
): Promise<void> {
  await db(T.imports)
    .where({ id })
    .update({
      state: outcome.state,
      ...(outcome.state === 'done'
        ? { summary: JSON.stringify(outcome.summary), progress: 100 }
        : { errors: JSON.stringify(outcome.errors) }),
      updated_at: db.fn.now(),
      finished_at: db.fn.now(),
    });
}

/**
 * Imports this instance was running when it stopped (a crash, a deploy) can no longer finish:
 * they are marked failed at start so nobody waits on them. How long one may go without a word
 * before it counts as stopped: a batch takes seconds, never this long.
 */
export const STALE_IMPORT_MS = 10 * 60_000;

export async function failStaleImports(db: Db, message: string): Promise<{ id: string; user_id: number }[]> {
  return (await db(T.imports)
    .where({ state: 'running' })
    .where('updated_at', '<', new Date(Date.now() - STALE_IMPORT_MS))
    .update({ state: 'failed', errors: JSON.stringify([message]), finished_at: db.fn.now() })
    .returning(['id', 'user_id'])) as { id: string; user_id: number }[];
}
