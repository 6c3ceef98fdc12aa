import { startOfYear, subMonths } from 'date-fns';
import { isIsoDate, localIsoDate } from '@cc/contracts/periods';

/** The period a brag document covers: whole days, both ends included, as YYYY-MM-DD. */
export interface Period {
  from: string;
  to: string;
}

export type PeriodPreset = 'last6' | 'last12' | 'year' | 'custom';

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  last6: 'Last 6 months',
  last12: 'Last 12 months',
  year: 'This year',
  custom: 'Custom',
};

/**
 * From the same day 6 or 12 months back (date-fns clamps to the month's end: 31 August − 6
 * months is 28/29 February), or from 1 January, to today; the user's own days (journal dates
 * are the user's days, not UTC ones).
 */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: Date): Period {
  const from = preset === 'year' ? startOfYear(today) : subMonths(today, preset === 'last6' ? 6 : 12);
  return { from: localIsoDate(from), to: localIsoDate(today) };
}

/** A custom period the user typed: two real days, in order. */
export function validPeriod(period: Period): boolean {
  return isIsoDate(period.from) && isIsoDate(period.to) && period.from <= period.to;
}

/** Whether a date (a day, or a timestamp whose day counts) falls in the period (YYYY-MM-DD compares as text). */
export function inPeriod(date: string | null | undefined, period: Period): boolean {
  if (!date) return false;
  const day = date.slice(0, 10);
  return isIsoDate(day) && day >= period.from && day <= period.to;
}
