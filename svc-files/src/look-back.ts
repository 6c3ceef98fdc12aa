import { LOOK_BACK_AGES, MIN_YEAR, dateOfDay, localIsoDate, type LookBackAnswer } from '@cc/contracts';
import { journalAddress } from '@cc/contracts/addresses';
import { plainLine } from '@cc/contracts/text';
import type { Db } from '@cc/service-kit';
import { subMonths, subYears } from 'date-fns';
import { T } from './tables';

export type LookBackEntry = LookBackAnswer['entries'][number];
type Age = LookBackEntry['ago'];

/**
 * Calendar arithmetic on the local day (never an instant): 31 March a month back is the last day
 * of February, 29 February a year back is 28 February.
 */
const BACK: Record<Age, (day: Date) => Date> = {
  one_month: (day) => subMonths(day, 1),
  three_months: (day) => subMonths(day, 3),
  one_year: (day) => subYears(day, 1),
};

/** The day of each age before `date` (YYYY-MM-DD), in LOOK_BACK_AGES order; none before year 1. */
export function lookBackDates(date: string): { ago: Age; date: string }[] {
  const day = dateOfDay(date);
  if (!day) return [];
  return LOOK_BACK_AGES.flatMap((ago) => {
    const before = BACK[ago](day);
    return before.getFullYear() >= MIN_YEAR ? [{ ago, date: localIsoDate(before) }] : [];
  });
}

/**
 * The first line with words can be far into a long entry, but a line a person reads opens it:
 * only this much of each entry leaves the database.
 */
const HEAD_CHARS = 10_000;

/**
 * "On this day" (docs/journal.md#on-this-day): the user's entries of a month, three months and a
 * year before `date` that have words, each as its first line (plain text) and its address. One
 * query on the (user_id, date) index.
 */
export async function lookBack(db: Db, userId: number, date: string): Promise<LookBackEntry[]> {
  const ages = lookBackDates(date);
  if (!ages.length) return [];
  // The days go in as YYYY-MM-DD text, which Postgres reads as dates (never through a JS Date).
  const days = ages.map((a) => a.date);
  const rows: { date: string; head: string }[] = await db(T.journal_entries)
    .where({ user_id: userId })
    .whereIn('date', days)
    .select(db.raw(`to_char(date, 'YYYY-MM-DD') as date`), db.raw(`left(content, ${HEAD_CHARS}) as head`));
  const heads = new Map(rows.map((r) => [r.date, r.head]));
  return ages.flatMap(({ ago, date: day }) => {
    const line = plainLine(heads.get(day) ?? '');
    return line ? [{ ago, date: day, line, url: journalAddress(day) }] : [];
  });
}
