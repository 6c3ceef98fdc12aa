import { isJournalDate } from '@cc/contracts';
import { keyset, pageOf, type Db, type Page } from '@cc/service-kit';
import { z } from 'zod';
import type { CurrentText, SaveGuard } from './files';
import { ENTRY_POINT_CTE } from './revisions';
import { T } from './tables';

export interface JournalEntry {
  date: string;
  content: string;
  /** Goes up by one on every change of the text; 0 while the date has no entry. */
  revision: number;
}

/** Dates go in and out as YYYY-MM-DD text (never through a JS Date and its time zone). */
const DATE = `to_char(date, 'YYYY-MM-DD')`;

export type EntrySaveResult = { saved: true; entry: JournalEntry } | { saved: false; current: CurrentText };

/**
 * Creates or replaces the entry of `date`. With `basedOn` (0: the client saw no entry), only
 * when the entry is still at that revision or already holds exactly this text; otherwise it
 * answers what the entry holds now. One statement, so two first saves of a day cannot both
 * win.
 */
export async function saveEntry(db: Db, userId: number, date: string, content: string, guard: SaveGuard = {}): Promise<EntrySaveResult> {
  // `old` locks the entry first, so the history point kept (revisions.ts) is exactly the text
  // this save replaces. The insert reads `old` so that it runs before the upsert: a CTE that
  // only `point` read would run after it, and find the row already changed by this statement.
  // (`point` itself, like every data-modifying CTE, runs after the upsert, from `old`'s rows.)
  // A day written again after it was deleted (its entry went to the trash) goes on from the
  // history it kept: its first revision follows the last kept one, so no two texts share one.
  const { rows } = await db.raw(
    `with input as (select ?::int as user_id, ?::date as day, ?::text as value, ?::int as based_on, ?::text as save_id, ?::boolean as force_point),
     old as (
       select j.user_id, j.date, j.content, j.revision, j.updated_at
       from ${T.journal_entries} j, input i
       where j.user_id = i.user_id and j.date = i.day
       for update of j
     ),
     ${ENTRY_POINT_CTE}
     insert into ${T.journal_entries} as j (user_id, date, content, save_id, revision)
     select i.user_id, i.day, i.value, i.save_id,
       coalesce((select max(r.revision) from ${T.text_revisions} r where r.user_id = i.user_id and r.day = i.day), 0) + 1
     from input i left join old o on true
     on conflict (user_id, date) do update
       set revision = case when j.content = excluded.content then j.revision else j.revision + 1 end,
           save_id = case when j.content = excluded.content then j.save_id else excluded.save_id end,
           updated_at = case when j.content = excluded.content then j.updated_at else now() end,
           content = excluded.content
       where ?::int is null or j.revision = ?::int or j.content = excluded.content
     returning ${DATE} as date, content, revision`,
    [
      userId,
      date,
      content,
      guard.basedOn ?? null,
      guard.saveId ?? null,
      guard.aiUpdate === true,
      guard.basedOn ?? null,
      guard.basedOn ?? null,
    ],
  );
  if (rows[0]) return { saved: true, entry: rows[0] as JournalEntry };
  const current = await db(T.journal_entries)
    .where({ user_id: userId })
    .whereRaw('date = ?::date', [date])
    .first('content as text', 'revision', 'save_id');
  return { saved: false, current: current as CurrentText };
}

export async function readEntry(db: Db, userId: number, date: string): Promise<JournalEntry> {
  const row = (await db(T.journal_entries).where({ user_id: userId }).whereRaw('date = ?::date', [date]).first('content', 'revision')) as
    { content: string; revision: number } | undefined;
  return { date, content: row?.content ?? '', revision: row?.revision ?? 0 };
}

/** A journal cursor: the last date of a page (one entry per date, so the date alone is unique). */
export const journalKey = z.tuple([z.string().refine(isJournalDate)]);

/**
 * The dates that have an entry with some text, oldest first: all of them, or one page after
 * the cursor's date (the (user_id, date) unique index gives the order).
 */
export async function entryDates(db: Db, userId: number, page?: Page<[string]>) {
  const k = keyset(page, ['date']);
  const query = db(T.journal_entries)
    .where({ user_id: userId })
    .whereRaw(`btrim(content, E' \\t\\r\\n') <> ''`)
    .whereRaw(k.where, k.bindings)
    .orderByRaw(k.orderBy)
    .select(db.raw(`${DATE} as date`));
  if (k.limit !== null) void query.limit(k.limit);
  return pageOf((await query) as { date: string }[], page, (r) => [r.date]);
}
