import { addDays, localIsoDate } from '@cc/contracts/periods';
import { MILESTONE_DEFAULT_DAYS_AHEAD } from '@cc/contracts/planning-rules';
import { formatDay } from '@cc/contracts/dates';

/** A new todo is due today (docs/planning.md#todos). */
export const defaultDueDate = (today = localIsoDate()) => today;

/** A new milestone targets 90 days ahead (docs/planning.md#milestones). */
export const defaultTargetDate = (today = localIsoDate()) => addDays(today, MILESTONE_DEFAULT_DAYS_AHEAD);

let monthShort: Intl.DateTimeFormat | undefined;
const dayMonths = new Map<string, string>();

/** "Tue 3 Mar 2026" for a YYYY-MM-DD day (the list's compact form; the year only when it is not this year's). */
export const shortDate = (iso: string, today = localIsoDate()): string => formatDay(iso, today);

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
