import { intKey, keyset, pageOf, type Db, type Page } from '@cc/service-kit';
import { z } from 'zod';
import { T } from './tables';

/**
 * History of a file's content and a journal entry's text (docs/dashboard.md#history): the
 * points a user can look at, compare with the current text and restore.
 *
 * The current text is always the newest point (it is read from its own row, never copied);
 * `text_revisions` holds the texts written over since, each under the revision it had. A save
 * copies the text it replaces there, in the same statement, only when a point is due
 * (`pointDue`), so an editing stretch of autosaves costs one or two copies, not one per save.
 */

/** A pause this long ends an editing stretch: the next save keeps the text the stretch ended with. */
export const STRETCH_GAP_MINUTES = 5;
/** While editing goes on, a point is kept at least this often. */
export const POINT_EVERY_MINUTES = 10;

/** A file's content or a journal day, as history knows them. */
export type HistoryTarget = { fileId: number } | { date: string };

export interface RevisionPoint {
  revision: number;
  saved_at: string;
  characters: number;
}

/** Timestamps go out as ISO text in UTC with milliseconds, like `updated_at`. */
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Whether the text a save replaces is to be kept (SQL over the replaced row `o` and the save's
 * input `i`):
 * - always before an AI update (`i.force_point`);
 * - when that text was saved `STRETCH_GAP_MINUTES` ago or more: the stretch ended with it;
 * - when the newest kept point is `POINT_EVERY_MINUTES` old or more (or there is none): so
 *   two points of one stretch are never further apart than that. A point kept at the end of a
 *   stretch counts from when it was kept (the start of the next stretch), else it would make
 *   the second save of every stretch keep a point too.
 * A text with nothing but white space is never kept: there is nothing in it to bring back.
 * `newest` selects the object's points (alias r); the (user, object, revision) index finds the newest.
 */
function pointDue(savedAt: string, newest: string): string {
  const gap = `interval '${STRETCH_GAP_MINUTES} minutes'`;
  return `o.content ~ '[^[:space:]]' and (
    i.force_point
    or ${savedAt} <= now() - ${gap}
    or coalesce((
      select case when r.recorded_at - r.saved_at >= ${gap} then r.recorded_at else r.saved_at end
      from ${T.text_revisions} r where ${newest} order by r.revision desc limit 1
    ), '-infinity') <= now() - interval '${POINT_EVERY_MINUTES} minutes')`;
}

/**
 * The CTE `point` of a file content save: keeps the replaced text when a point is due. It
 * reads `old` (the file row as locked by the save, with `user_id`, `id`, `content`,
 * `revision`, `content_saved_at`) and `input` (`value`, `force_point`).
 */
export const FILE_POINT_CTE = `point as (
  insert into ${T.text_revisions} (user_id, file_id, revision, content, characters, saved_at)
  select o.user_id, o.id, o.revision, o.content, char_length(o.content), o.content_saved_at
  from old o, input i
  where o.content <> i.value and ${pointDue('o.content_saved_at', 'r.user_id = o.user_id and r.file_id = o.id')}
  on conflict do nothing
)`;

/**
 * The same for a journal entry save: `old` is the entry row (`user_id`, `date`, `content`,
 * `revision`, `updated_at`, which moves only when the text changes) as locked by the save;
 * `input` has `value`, `based_on` and `force_point`. The stale-save guard is repeated here: a
 * refused save keeps nothing.
 */
export const ENTRY_POINT_CTE = `point as (
  insert into ${T.text_revisions} (user_id, day, revision, content, characters, saved_at)
  select o.user_id, o.date, o.revision, o.content, char_length(o.content), o.updated_at
  from old o, input i
  where o.content <> i.value and (i.based_on is null or o.revision = i.based_on) and ${pointDue(
    'o.updated_at',
    'r.user_id = o.user_id and r.day = o.date',
  )}
  on conflict do nothing
)`;

/** How each kind of object is found: its live row (with its text, revision and save time) and its points. */
interface Source {
  /** The live row: `from … where …` scoped by user, with its bindings. */
  live: string;
  liveBindings: (number | string)[];
  savedAt: string;
  /** The object's points in text_revisions (alias r). */
  points: string;
  pointBindings: (number | string)[];
}

function sourceOf(userId: number, target: HistoryTarget): Source {
  if ('fileId' in target)
    return {
      live: `from ${T.files} f where f.id = ? and f.user_id = ?`,
      liveBindings: [target.fileId, userId],
      savedAt: 'f.content_saved_at',
      points: 'r.user_id = ? and r.file_id = ?',
      pointBindings: [userId, target.fileId],
    };
  return {
    live: `from ${T.journal_entries} f where f.user_id = ? and f.date = ?::date`,
    liveBindings: [userId, target.date],
    savedAt: 'f.updated_at',
    points: 'r.user_id = ? and r.day = ?::date',
    pointBindings: [userId, target.date],
  };
}

/** A cursor of a history: the last point's revision (one point per revision, so it is unique). */
export const revisionKey = z.tuple([intKey]);

/**
 * The points of a file's content or a journal day, newest first: the current text, then the
 * kept ones (all, or one page after the cursor's revision). 'not_found' when the user has no
 * such file, or no entry on that day.
 */
export async function listRevisions(
  db: Db,
  userId: number,
  target: HistoryTarget,
  page?: Page<[number]>,
): Promise<{ items: RevisionPoint[]; next_cursor?: string | null } | 'not_found'> {
  const s = sourceOf(userId, target);
  const k = keyset(page, ['revision'], 'desc');
  // The live row's revision bounds the kept ones: a point is always older than the current text.
  const { rows } = await db.raw(
    `with live as (select f.revision, f.content, ${s.savedAt} as saved_at ${s.live})
     select revision, ${isoSql('saved_at')} as saved_at, characters from (
       select l.revision, l.saved_at, char_length(l.content) as characters from live l
       union all
       select r.revision, r.saved_at, r.characters from ${T.text_revisions} r, live l where ${s.points} and r.revision < l.revision
     ) p
     where ${k.where}
     order by ${k.orderBy}
     ${k.limit !== null ? `limit ${k.limit}` : ''}`,
    [...s.liveBindings, ...s.pointBindings, ...k.bindings],
  );
  const points = rows as RevisionPoint[];
  if (points.length === 0) {
    // An empty page after the last point is still a history; no live row is none.
    const live = await db.raw(`select 1 ${s.live}`, s.liveBindings);
    if (live.rows.length === 0) return 'not_found';
  }
  return pageOf(points, page, (p) => [p.revision]);
}

/** 'no_object': the user has no such file (or no entry that day); 'no_revision': it has no such point. */
export type HistoryMiss = 'no_object' | 'no_revision';

/** One point's text: the current one or a kept one. */
export async function readRevision(
  db: Db,
  userId: number,
  target: HistoryTarget,
  revision: number,
): Promise<{ revision: number; saved_at: string; content: string } | HistoryMiss> {
  const s = sourceOf(userId, target);
  const { rows } = await db.raw(
    `with live as (select f.revision, f.content, ${s.savedAt} as saved_at ${s.live})
     select l.revision, ${isoSql('l.saved_at')} as saved_at, l.content from live l where l.revision = ?
     union all
     select r.revision, ${isoSql('r.saved_at')}, r.content from ${T.text_revisions} r, live l
     where ${s.points} and r.revision = ? and r.revision < l.revision`,
    [...s.liveBindings, revision, ...s.pointBindings, revision],
  );
  const point = rows[0] as { revision: number; saved_at: string; content: string } | undefined;
  if (point) return point;
  return (await db.raw(`select 1 ${s.live}`, s.liveBindings)).rows.length > 0 ? 'no_revision' : 'no_object';
}

/**
 * Makes the text of `revision` the current one, as a new revision, in one transaction: the
 * text there was before is kept as a point first (whatever the coalescing rules say), the
 * revision goes up (open editors get a 409 on their next save based on the old one) and the
 * save id is cleared (no client's save wrote this text). Restoring the current text, or a
 * point with the same text, changes nothing. Answers the revision after it.
 */
export async function restoreRevision(db: Db, userId: number, target: HistoryTarget, revision: number): Promise<number | HistoryMiss> {
  const file = 'fileId' in target;
  const s = sourceOf(userId, target);
  return db.transaction(async (trx) => {
    const live = (await trx.raw(`select f.revision ${s.live} for update`, s.liveBindings)).rows[0] as { revision: number } | undefined;
    if (!live) return 'no_object';
    if (revision === live.revision) return live.revision;
    const found = await trx.raw(`select 1 from ${T.text_revisions} r where ${s.points} and r.revision = ? and r.revision < ?`, [
      ...s.pointBindings,
      revision,
      live.revision,
    ]);
    if (found.rows.length === 0) return 'no_revision';
    const objectColumn = file ? 'file_id' : 'day';
    const objectValue = file ? 'f.id' : 'f.date';
    const match = `r.user_id = f.user_id and r.${objectColumn} = ${objectValue} and r.revision = ?`;
    await trx.raw(
      `insert into ${T.text_revisions} (user_id, ${objectColumn}, revision, content, characters, saved_at)
       select f.user_id, ${objectValue}, f.revision, f.content, char_length(f.content), ${s.savedAt}
       ${s.live} and f.content ~ '[^[:space:]]'
         and exists (select 1 from ${T.text_revisions} r where ${match} and r.content <> f.content)
       on conflict do nothing`,
      [...s.liveBindings, revision],
    );
    const set = file
      ? 'content = r.content, revision = f.revision + 1, content_save_id = null, updated_at = now(), content_saved_at = now()'
      : 'content = r.content, revision = f.revision + 1, save_id = null, updated_at = now()';
    const table = file ? T.files : T.journal_entries;
    const where = file ? 'f.id = ? and f.user_id = ?' : 'f.user_id = ? and f.date = ?::date';
    const { rows } = await trx.raw(
      `update ${table} f set ${set}
       from ${T.text_revisions} r
       where ${where} and ${match} and r.content <> f.content
       returning f.revision`,
      [...s.liveBindings, revision],
    );
    return (rows[0] as { revision: number } | undefined)?.revision ?? live.revision;
  });
}

/**
 * Removes every kept point of a file or a journal day (the current text lives in its own row),
 * for removing an object for good: purging it from the trash. Deleting a file or a day to the
 * trash keeps its history (it may come back with the same id or date); deleting the account
 * removes the table's rows with every other table's that has a user_id (the kit's
 * deleteAccountRows).
 */
export async function deleteRevisionsOf(db: Db, userId: number, target: HistoryTarget): Promise<number> {
  const q = db(T.text_revisions).where({ user_id: userId });
  if ('fileId' in target) void q.where({ file_id: target.fileId });
  else void q.whereRaw('day = ?::date', [target.date]);
  return q.delete();
}
