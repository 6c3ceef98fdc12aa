import { formatDay, formatDayLong } from '@cc/contracts/dates';
import { parsePeriod, periodLabel } from '@cc/contracts/periods';

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
