/**
 * Days: the YYYY-MM-DD key (journal dates, daily check-ins, due dates) and the calendar
 * helpers the journal needs. A day key names a calendar day, not an instant: it is read and
 * written in local time, so nothing here shifts by the time-zone offset.
 */
import { addDays as addDaysToDate, getDaysInMonth, getISODay, isValid, lightFormat } from 'date-fns';

/** The years a period key can name (four digits; year 0 does not exist). */
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

export const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Local midnight of a calendar day (month 1-12), or undefined when there is no such day.
 * `new Date(y, m, d)` reads years 0-99 as 1900-1999, hence setFullYear.
 */
export function calendarDay(year: number, month: number, day: number): Date | undefined {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return undefined;
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  const exists = isValid(date) && date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return exists ? date : undefined;
}

/** True for a year a period key can name. */
function inYearRange(date: Date): boolean {
  return isValid(date) && date.getFullYear() >= MIN_YEAR && date.getFullYear() <= MAX_YEAR;
}

/** A date's calendar day in the local time zone, as YYYY-MM-DD (today by default). */
export function localIsoDate(date: Date = new Date()): string {
  if (!inYearRange(date)) throw new RangeError(`No day key for ${String(date)}`);
  return lightFormat(date, 'yyyy-MM-dd');
}

/** Local midnight of a YYYY-MM-DD day, or undefined unless it names a real calendar day. */
export function dateOfDay(value: string): Date | undefined {
  const m = DAY_KEY.exec(value);
  return m ? calendarDay(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

/** True for a real calendar day written as YYYY-MM-DD (2025-02-30 is not one). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && dateOfDay(value) !== undefined;
}

function requireDay(iso: string): Date {
  const date = dateOfDay(iso);
  if (!date) throw new RangeError(`Not a YYYY-MM-DD day: ${JSON.stringify(iso)}`);
  return date;
}

/** The day `days` after `iso` (negative: before). Calendar days, so a DST change is no hour short. */
export function addDays(iso: string, days: number): string {
  return localIsoDate(addDaysToDate(requireDay(iso), days));
}

/** "Tuesday, 4 March 2025" in `locale` (the runtime's by default) for a YYYY-MM-DD day. */
export function longDate(iso: string, locale?: string): string {
  return requireDay(iso).toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** "March 2025" in `locale` (the runtime's by default) for a month (1-12). */
export function monthLabel(year: number, month: number, locale?: string): string {
  const first = calendarDay(year, month, 1);
  if (!first) throw new RangeError(`No month ${year}-${month}`);
  return first.toLocaleDateString(locale, { month: 'long', year: 'numeric' });
}

/**
 * The weeks of a month for a calendar grid, Monday first (as ISO weeks are): 4-6 rows of 7
 * days (YYYY-MM-DD), null for the days of the neighbouring months.
 */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const first = calendarDay(year, month, 1);
  if (!first) throw new RangeError(`No month ${year}-${month}`);
  const lead = getISODay(first) - 1;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < getDaysInMonth(first); d++) cells.push(localIsoDate(addDaysToDate(first, d)));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
