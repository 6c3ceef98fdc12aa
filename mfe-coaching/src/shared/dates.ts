import { formatDay, formatDayLong } from '@cc/contracts/dates';
import { parsePeriod, periodLabel } from '@cc/contracts/periods';

/** A moment's local day as YYYY-MM-DD (formatDay reads the day of its text, which for a UTC stamp may be another). */
export function localDayOf(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return typeof value === 'string' ? value : '';
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The day a moment fell on, in the compact form every list uses ("Thu 26 Nov"). */
export const dayOf = (value: string | Date): string => formatDay(localDayOf(value));

/**
 * A check-in period as the page names it: a day in the one long form of @cc/contracts/dates
 * ("Thursday, 26 November 2026"), the longer periods by their own names ("Q1 2027 (Jan – Mar)").
 */
export function checkinPeriodLabel(key: string): string {
  return parsePeriod(key)?.kind === 'day' ? formatDayLong(key) : periodLabel(key);
}

/** The same, short, for a trend's points: "Thu 26 Nov", "Week 48, 2026 (23 Nov – 29 Nov)". */
export function checkinPeriodShort(key: string): string {
  return parsePeriod(key)?.kind === 'day' ? formatDay(key) : periodLabel(key);
}
