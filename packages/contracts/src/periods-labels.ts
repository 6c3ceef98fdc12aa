/**
 * What a period is called on screen and in prompts. Names come from Intl rather than a
 * date-fns locale, so the browser bundle carries no locale data. Without a `locale`, week,
 * quarter and semester labels keep the product's wording ("Week 12, 2025 (17 Mar – 23 Mar)",
 * which the planning prompts and timeline show); days and months follow the runtime's locale,
 * as the journal always has.
 */
import { MONTHS_SHORT_EN_US } from './dates';
import { dateOfDay, longDate, monthLabel } from './periods-days';
import { parsePeriod, type Period, type PeriodKind } from './periods-keys';

// Without a locale, en-US's names from a table: no Intl formatter, whose first making loads the
// calendar data (the timeline writes 106 of these in its first render).
const monthShort = (date: Date, locale?: string) =>
  locale ? date.toLocaleDateString(locale, { month: 'short' }) : MONTHS_SHORT_EN_US[date.getMonth()]!;

/** "17 Mar" for a date or a YYYY-MM-DD day (or the `locale`'s own way to write a day of a month). */
export function shortDay(day: Date | string, locale?: string): string {
  const date = typeof day === 'string' ? dateOfDay(day) : day;
  if (!date) throw new RangeError(`Not a YYYY-MM-DD day: ${JSON.stringify(day)}`);
  return locale ? date.toLocaleDateString(locale, { day: 'numeric', month: 'short' }) : `${date.getDate()} ${monthShort(date)}`;
}

function rangeLabel(p: Period, prefix: string, locale?: string): string {
  const range =
    p.kind === 'week'
      ? `${shortDay(p.start, locale)} – ${shortDay(p.end, locale)}`
      : `${monthShort(p.start, locale)} – ${monthShort(p.end, locale)}`;
  return `${prefix} (${range})`;
}

/** "Week 12, 2025 (17 Mar – 23 Mar)"; a key that names no ISO week is returned as it is. */
export function weekLabel(key: string, locale?: string): string {
  const p = parsePeriod(key, 'week');
  return p ? rangeLabel(p, `Week ${p.number}, ${p.year}`, locale) : key;
}

/**
 * The label of any period key: "Tuesday, 4 March 2025", "Week 12, 2025 (17 Mar – 23 Mar)",
 * "March 2025", "Q1 2025 (Jan – Mar)", "H2 2025 (Jul – Dec)". A key that names no period is
 * returned as it is, so a label never breaks a page.
 */
export function periodLabel(key: string, locale?: string): string {
  const p = parsePeriod(key);
  if (!p) return key;
  switch (p.kind) {
    case 'day':
      return longDate(key, locale);
    case 'week':
      return weekLabel(key, locale);
    case 'month':
      return monthLabel(p.year, p.number, locale);
    case 'quarter':
      return rangeLabel(p, `Q${p.number} ${p.year}`, locale);
    case 'semester':
      return rangeLabel(p, `H${p.number} ${p.year}`, locale);
  }
}

const LAST_PERIOD: Record<PeriodKind, string> = {
  day: 'Yesterday',
  week: 'Last week',
  month: 'Last month',
  quarter: 'Last quarter',
  semester: 'Last half-year',
};

/** What the period just before the current one of a kind is called: "Yesterday", "Last week", "Last quarter". */
export function lastPeriodLabel(kind: PeriodKind): string {
  return LAST_PERIOD[kind];
}
