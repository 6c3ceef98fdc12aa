import type { Db } from '@cc/service-kit';
import { T } from './tables';

export interface JournalEntry {
  date: string;
  content: string;
}

/** Dates go in and out as YYYY-MM-DD text (never through a JS Date and its time zone). */
const DATE = `to_char(date, 'YYYY-MM-DD')`;

export async function saveEntry(db: Db, userId: number, date: string, content: string): Promise<JournalEntry> {
  const { rows } = await db.raw(
    `insert into ${T.journal_entries} (user_id, date, content) values (?, ?::date, ?)
     on conflict (user_id, date) do update set content = excluded.content, updated_at = now()
     returning ${DATE} as date, content`,
    [userId, date, content],
  );
  return rows[0] as JournalEntry;
}

export async function readEntry(db: Db, userId: number, date: string): Promise<JournalEntry> {
  const row = await db(T.journal_entries).where({ user_id: userId }).whereRaw('date = ?::date', [date]).first('content');
  return { date, content: (row as { content: string } | undefined)?.content ?? '' };
}

/** The dates that have an entry with some text, oldest first. */
export async function entryDates(db: Db, userId: number): Promise<{ date: string }[]> {
  return db(T.journal_entries)
    .where({ user_id: userId })
    .whereRaw(`btrim(content, E' \\t\\r\\n') <> ''`)
    .orderBy('date')
    .select(db.raw(`${DATE} as date`));
}
