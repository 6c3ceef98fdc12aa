import { addDays, localIsoDate } from '@cc/contracts/periods';
import { MILESTONE_DEFAULT_DAYS_AHEAD } from '@cc/contracts/planning-rules';
import { formatDay } from '@cc/contracts/dates';

/** A new todo is due today (docs/planning.md#todos). */
export const defaultDueDate = (today = localIsoDate()) => today;

/** A new milestone targets 90 days ahead (docs/planning.md#milestones). */
export const defaultTargetDate = (today = localIsoDate()) => addDays(today, MILESTONE_DEFAULT_DAYS_AHEAD);

/** "Tue 3 Mar 2026" for a YYYY-MM-DD day (the list's compact form; the year only when it is not this year's). */
export const shortDate = (iso: string, today = localIsoDate()): string => formatDay(iso, today);

let warmed = false;
/**
 * Makes the formatters in a task of their own, soon (while the page waits for its data): a
 * page's first Intl date formatter loads the calendar data, 20 to 100 ms that would otherwise
 * fall in the render of the list or the timeline. (In en-US and en-GB `formatDay` makes none:
 * its tables write those.)
 */
export function warmDateFormats(): void {
  if (warmed || typeof window === 'undefined') return;
  warmed = true;
  setTimeout(() => {
    const today = localIsoDate();
    shortDate(today, today);
    shortDate(today, '');
  }, 0);
}
