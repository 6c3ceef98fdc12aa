import { addDays, localIsoDate } from '@cc/contracts/periods';
import { MILESTONE_DEFAULT_DAYS_AHEAD } from '@cc/contracts/planning-rules';

/** A new todo is due today (spec §5). */
export const defaultDueDate = (today = localIsoDate()) => today;

/** A new milestone targets 90 days ahead (spec §5). */
export const defaultTargetDate = (today = localIsoDate()) => addDays(today, MILESTONE_DEFAULT_DAYS_AHEAD);

// `toLocaleDateString` builds a new Intl formatter on every call (about a millisecond each in
// Chromium: a list of 1,000 todos spent most of its render there). The formatters are made once,
// on first use, and a day's text is kept: a list has a few hundred distinct days at most.
let withYear: Intl.DateTimeFormat | undefined;
let withoutYear: Intl.DateTimeFormat | undefined;
let monthShort: Intl.DateTimeFormat | undefined;
const shortDates = new Map<string, string>();
const dayMonths = new Map<string, string>();

/** "Tue 3 Mar 2026" for a YYYY-MM-DD day (the list's compact form; the year only when it is not this year's). */
export function shortDate(iso: string, today = localIsoDate()): string {
  const sameYear = iso.slice(0, 4) === today.slice(0, 4);
  const key = sameYear ? iso : `${iso}+y`;
  const known = shortDates.get(key);
  if (known !== undefined) return known;
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  const format = sameYear
    ? (withoutYear ??= new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' }))
    : (withYear ??= new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }));
  const text = format.format(new Date(y, m - 1, d));
  shortDates.set(key, text);
  return text;
}

/**
 * "17 Mar" for a YYYY-MM-DD day: the same text as `shortDay` of @cc/contracts/periods without a
 * locale (the timeline's week dates and labels), from one formatter.
 */
export function dayMonth(iso: string): string {
  const known = dayMonths.get(iso);
  if (known !== undefined) return known;
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) throw new RangeError(`Not a YYYY-MM-DD day: ${JSON.stringify(iso)}`);
  const text = `${d} ${(monthShort ??= new Intl.DateTimeFormat('en-US', { month: 'short' })).format(new Date(y, m - 1, d))}`;
  dayMonths.set(iso, text);
  return text;
}

let warmed = false;
/**
 * Makes the formatters in a task of their own, soon (while the page waits for its data): a
 * page's first Intl date formatter loads the calendar data, 20 to 100 ms that would otherwise
 * fall in the render of the list or the timeline.
 */
export function warmDateFormats(): void {
  if (warmed || typeof window === 'undefined') return;
  warmed = true;
  setTimeout(() => {
    const today = localIsoDate();
    shortDate(today, today);
    shortDate(today, '');
    dayMonth(today);
  }, 0);
}
