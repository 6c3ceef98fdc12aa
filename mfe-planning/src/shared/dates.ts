import { addDays, localIsoDate } from '@cc/contracts/periods';
import { MILESTONE_DEFAULT_DAYS_AHEAD } from '@cc/contracts/planning-rules';

/** A new todo is due today (spec §5). */
export const defaultDueDate = (today = localIsoDate()) => today;

/** A new milestone targets 90 days ahead (spec §5). */
export const defaultTargetDate = (today = localIsoDate()) => addDays(today, MILESTONE_DEFAULT_DAYS_AHEAD);

/** "Tue 3 Mar 2026" for a YYYY-MM-DD day (the list's compact form; the year only when it is not this year's). */
export function shortDate(iso: string, today = localIsoDate()): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  const date = new Date(y, m - 1, d);
  const sameYear = iso.slice(0, 4) === today.slice(0, 4);
  return date.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
}
