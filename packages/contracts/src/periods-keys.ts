/**
 * Period keys (docs/coaching.md#check-ins; planning's timeline, docs/planning.md#action-plan):
 *   day YYYY-MM-DD · ISO week YYYY-Www · month YYYY-MM · quarter YYYY-Qn · semester YYYY-H1|H2.
 * A week key's year is the ISO week-year, which differs from the calendar year around New
 * Year (2026-12-31 is in 2026-W53, 2027-01-01 too; 2024-12-30 is in 2025-W01). Every period is
 * a run of local calendar days; all arithmetic is date-fns' local-time arithmetic.
 */
import {
  addMonths,
  addQuarters,
  addWeeks,
  addDays as addDaysToDate,
  endOfDay,
  endOfISOWeek,
  endOfMonth,
  endOfQuarter,
  getISOWeek,
  getISOWeekYear,
  getQuarter,
  isValid,
  lightFormat,
  startOfISOWeek,
  startOfISOWeekYear,
} from 'date-fns';
import { calendarDay, DAY_KEY, MAX_YEAR, MIN_YEAR } from './periods-days';

export type PeriodKind = 'day' | 'week' | 'month' | 'quarter' | 'semester';
export const PERIOD_KINDS: readonly PeriodKind[] = ['day', 'week', 'month', 'quarter', 'semester'];

export interface Period {
  kind: PeriodKind;
  /** The key, as given (keys have one spelling). */
  key: string;
  /** Calendar year; for a week, the ISO week-year. */
  year: number;
  /** Day of month, ISO week, month (1-12), quarter (1-4) or half (1-2). */
  number: number;
  /** Local midnight of the first day. */
  start: Date;
  /** The last moment of the last day (local), so `start <= instant <= end` tests membership. */
  end: Date;
  /** First and last day, YYYY-MM-DD, inclusive. */
  first: string;
  last: string;
}

const PATTERNS: Record<PeriodKind, RegExp> = {
  day: DAY_KEY,
  week: /^(\d{4})-W(\d{2})$/,
  month: /^(\d{4})-(\d{2})$/,
  quarter: /^(\d{4})-Q(\d)$/,
  semester: /^(\d{4})-H(\d)$/,
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const dayString = (date: Date) => lightFormat(date, 'yyyy-MM-dd');

/**
 * ISO weeks in an ISO week-year: 52 or 53 (docs/coaching.md#check-ins): the count is the number of
 * the week holding 28 December (always the year's last week).
 */
export function weeksInIsoYear(year: number): number {
  const dec28 = calendarDay(year, 12, 28);
  if (!dec28) throw new RangeError(`No year ${year}`);
  return getISOWeek(dec28);
}

/** The first day of a period and its number, or undefined when the key names none. */
function startOf(kind: PeriodKind, m: RegExpExecArray): { start: Date; number: number } | undefined {
  const year = Number(m[1]);
  const n = Number(m[2]);
  switch (kind) {
    case 'day': {
      const start = calendarDay(year, n, Number(m[3]));
      return start && { start, number: start.getDate() };
    }
    case 'week': {
      // 4 January is always in week 1 of its ISO week-year.
      const jan4 = calendarDay(year, 1, 4);
      if (!jan4 || n < 1 || n > weeksInIsoYear(year)) return undefined;
      return { start: addWeeks(startOfISOWeekYear(jan4), n - 1), number: n };
    }
    case 'month': {
      const start = n >= 1 && n <= 12 ? calendarDay(year, n, 1) : undefined;
      return start && { start, number: n };
    }
    case 'quarter': {
      const start = n >= 1 && n <= 4 ? calendarDay(year, (n - 1) * 3 + 1, 1) : undefined;
      return start && { start, number: n };
    }
    case 'semester': {
      // H1 is January to June, H2 July to December.
      const start = n === 1 || n === 2 ? calendarDay(year, n === 1 ? 1 : 7, 1) : undefined;
      return start && { start, number: n };
    }
  }
}

function endOf(kind: PeriodKind, start: Date): Date {
  switch (kind) {
    case 'day':
      return endOfDay(start);
    case 'week':
      return endOfISOWeek(start);
    case 'month':
      return endOfMonth(start);
    case 'quarter':
      return endOfQuarter(start);
    case 'semester':
      return endOfMonth(addMonths(start, 5));
  }
}

/** The period a key names (of `kind`, when given), or null for anything else. */
export function parsePeriod(key: unknown, kind?: PeriodKind): Period | null {
  if (typeof key !== 'string') return null;
  for (const k of kind ? [kind] : PERIOD_KINDS) {
    const m = PATTERNS[k].exec(key);
    const found = m && startOf(k, m);
    if (!found) continue;
    const end = endOf(k, found.start);
    return {
      kind: k,
      key,
      year: Number(m[1]),
      number: found.number,
      start: found.start,
      end,
      first: dayString(found.start),
      last: dayString(end),
    };
  }
  return null;
}

/** True for a key that names a real period (of `kind`, when given): 2021-W53 and 2025-Q5 do not. */
export function isPeriodKey(key: unknown, kind?: PeriodKind): key is string {
  return parsePeriod(key, kind) !== null;
}

/** The key of the period of `kind` that holds a date's local calendar day (today by default). */
export function periodKey(kind: PeriodKind, date: Date = new Date()): string {
  if (!isValid(date)) throw new RangeError('periodKey needs a valid date');
  const year = kind === 'week' ? getISOWeekYear(date) : date.getFullYear();
  if (year < MIN_YEAR || year > MAX_YEAR) throw new RangeError(`No period key for the year ${year}`);
  switch (kind) {
    case 'day':
      return dayString(date);
    case 'week':
      return `${pad(year, 4)}-W${pad(getISOWeek(date), 2)}`;
    case 'month':
      return lightFormat(date, 'yyyy-MM');
    case 'quarter':
      return `${pad(year, 4)}-Q${getQuarter(date)}`;
    case 'semester':
      return `${pad(year, 4)}-H${date.getMonth() < 6 ? 1 : 2}`;
  }
}

const STEPS: Record<PeriodKind, (start: Date, n: number) => Date> = {
  day: addDaysToDate,
  week: addWeeks,
  month: addMonths,
  quarter: addQuarters,
  semester: (start, n) => addMonths(start, 6 * n),
};

/**
 * The key `n` periods after `key` (negative: before), of the same kind, rolling the year
 * (2026-W53 +1 is 2027-W01; 2025-Q1 -1 is 2024-Q4). Throws RangeError for a key that names
 * no period: validate user input with isPeriodKey first.
 */
export function stepPeriod(key: string, n: number): string {
  const period = parsePeriod(key);
  if (!period) throw new RangeError(`Not a period key: ${JSON.stringify(key)}`);
  if (!Number.isInteger(n)) throw new RangeError(`Steps are whole numbers, not ${n}`);
  return periodKey(period.kind, STEPS[period.kind](period.start, n));
}

/** The planning timeline: 26 weeks back, the current week, 26 weeks ahead. */
export const WEEK_WINDOW_BACK = 26;
export const WEEK_WINDOW_AHEAD = 26;

/** The 53 ISO week keys of the timeline around a date (today by default), oldest first. */
export function weekWindow(around: Date = new Date()): string[] {
  const monday = startOfISOWeek(around);
  const keys: string[] = [];
  for (let i = -WEEK_WINDOW_BACK; i <= WEEK_WINDOW_AHEAD; i++) keys.push(periodKey('week', addWeeks(monday, i)));
  return keys;
}
