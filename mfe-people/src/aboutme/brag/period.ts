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

const pad = (n: number) => String(n).padStart(2, '0');

/** The user's own calendar day (journal dates are the user's days, not UTC ones). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The same day `months` earlier, clamped to the month's end (31 August − 6 months is 28/29 February). */
function monthsBefore(today: Date, months: number): Date {
  const first = new Date(today.getFullYear(), today.getMonth() - months, 1);
  const lastDay = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(today.getDate(), lastDay));
}

export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: Date): Period {
  const to = isoDay(today);
  if (preset === 'year') return { from: `${today.getFullYear()}-01-01`, to };
  return { from: isoDay(monthsBefore(today, preset === 'last6' ? 6 : 12)), to };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A custom period the user typed: both days set and in order. */
export function validPeriod(period: Period): boolean {
  return DAY.test(period.from) && DAY.test(period.to) && period.from <= period.to;
}

/** Whether a date (a day, or a timestamp whose day counts) falls in the period. */
export function inPeriod(date: string | null | undefined, period: Period): boolean {
  if (!date) return false;
  const day = date.slice(0, 10);
  return DAY.test(day) && day >= period.from && day <= period.to;
}
