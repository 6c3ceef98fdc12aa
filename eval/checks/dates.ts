/**
 * Dates as answers write them: 2026-03-12, "Thu 12 Mar", "12 March 2026", "March 12". A day
 * without a year is read in the year that puts it nearest the case's today.
 */
import { MONTHS, MONTHS_SHORT, WEEKDAYS, WEEKDAYS_SHORT } from './vocabulary';

const month = [...MONTHS, ...MONTHS_SHORT].sort((a, b) => b.length - a.length).join('|');
const weekday = [...WEEKDAYS, ...WEEKDAYS_SHORT].sort((a, b) => b.length - a.length).join('|');
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const YEAR = String.raw`(?:,?\s+(\d{4}))?`;

/** Each pattern captures what it knows; `read` turns the match into a day. */
const PATTERNS: { re: RegExp; read: (m: RegExpMatchArray, today: string) => string | undefined }[] = [
  {
    re: /\b(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+Z?)?\b/g,
    read: (m) => `${m[1]}-${m[2]}-${m[3]}`,
  },
  {
    re: new RegExp(String.raw`\b(?:(?:${weekday})\.?,?\s+)?${DAY}\s+(${month})\.?${YEAR}\b`, 'gi'),
    read: (m, today) => dayOf(m[3], m[2]!, Number(m[1]), today),
  },
  {
    re: new RegExp(String.raw`\b(?:(?:${weekday})\.?,?\s+)?(${month})\.?\s+${DAY}${YEAR}\b`, 'gi'),
    read: (m, today) => dayOf(m[3], m[1]!, Number(m[2]), today),
  },
];

function monthIndex(name: string): number {
  const key = name.toLowerCase().replace(/\.$/, '');
  const full = MONTHS.findIndex((m) => m.startsWith(key.slice(0, 3)));
  return full;
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

function dayOf(year: string | undefined, monthName: string, day: number, today: string): string | undefined {
  const m = monthIndex(monthName);
  if (m < 0 || day < 1 || day > 31) return undefined;
  if (year) return iso(Number(year), m, day);
  const base = Number(today.slice(0, 4));
  const candidates = [base - 1, base, base + 1].map((y) => iso(y, m, day));
  const distance = (d: string) => Math.abs(Date.parse(d) - Date.parse(today));
  return candidates.reduce((a, b) => (distance(b) < distance(a) ? b : a));
}

export interface DateMention {
  /** As written. */
  text: string;
  day: string;
  /** Whether it says its year ("Thu 26 Feb" does not: its year is a guess). */
  hasYear: boolean;
  index: number;
}

/** The dates a text names, in order (each span once). */
export function datesIn(text: string, today: string): DateMention[] {
  const found: DateMention[] = [];
  const taken: [number, number][] = [];
  for (const { re, read } of PATTERNS) {
    for (const m of text.matchAll(new RegExp(re.source, re.flags))) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      // A span already read ("10 Mar" of "Tue 10 Mar 12:00") is not read again as "Mar 12".
      const day = read(m, today);
      if (!day) continue;
      taken.push([start, end]);
      found.push({ text: m[0], day, hasYear: /\b\d{4}\b/.test(m[0]), index: start });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The text with its dates blanked out, so their numbers are not read as facts. */
export function withoutDates(text: string, today: string): string {
  let out = text;
  for (const d of datesIn(text, today).reverse())
    out = out.slice(0, d.index) + ' '.repeat(d.text.length) + out.slice(d.index + d.text.length);
  return out;
}

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Monday of an ISO week (YYYY-Www). */
export function mondayOf(periodKey: string): string | undefined {
  const m = periodKey.match(/^(\d{4})-W(\d{2})$/);
  if (!m) return undefined;
  const jan4 = Date.UTC(Number(m[1]), 0, 4);
  const jan4Weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return new Date(jan4 - jan4Weekday * 86_400_000 + (Number(m[2]) - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** The weekday a line is labelled with ("**Monday:**", "Tue:"), as the day of the given week. */
export function weekdayLabelOf(line: string, monday: string): string | undefined {
  const m = line.match(new RegExp(String.raw`^[\s*_]*(${weekday})\b`, 'i'));
  if (!m) return undefined;
  const key = m[1]!.toLowerCase().slice(0, 3);
  const index = WEEKDAYS.findIndex((w) => w.startsWith(key));
  return index < 0 ? undefined : addDays(monday, index);
}
