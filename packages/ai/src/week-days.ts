/**
 * The days a week plan may use and the lines it writes (docs/planning.md#action-plan): a plan
 * starts today, or on the Monday of a later week, and ends on Friday (on Sunday when only the
 * weekend is left); a week that has passed gets nothing. Every action is a task box the week's
 * text ticks: `- [ ] **Thu 26 Nov:** Send the deck to Maria`. Shared by the offline plan and
 * the tidying of a model's answer, so both write the same lines.
 */
import { addDays, parsePeriod } from '@cc/contracts/periods';
import { formatDay } from '@cc/contracts/dates';
import { capitalize, collapse, normalizeForCompare } from './text';

export interface PlanWeek {
  monday: string;
  sunday: string;
  /** The days a plan may schedule, in order; none for a week that has passed. */
  days: string[];
}

/** The week of `periodKey` seen from `today` (YYYY-MM-DD); undefined when the key names no ISO week. */
export function planWeek(periodKey: string, today: string): PlanWeek | undefined {
  const week = parsePeriod(periodKey, 'week');
  if (!week) return undefined;
  const all = Array.from({ length: 7 }, (_, i) => addDays(week.first, i));
  const left = all.filter((d) => d >= today);
  const workdays = left.filter((d) => all.indexOf(d) < 5);
  return { monday: week.first, sunday: week.last, days: workdays.length ? workdays : left };
}

/** "Thu 26 Nov" (the year only when it is not the week's). */
export const dayLabel = (iso: string, week: PlanWeek) => formatDay(iso, week.monday);

/** An action as a task box, with its day when it has one. */
export const taskLine = (text: string, day: string | undefined, week: PlanWeek | undefined) =>
  day && week ? `- [ ] **${dayLabel(day, week)}:** ${text}` : `- [ ] ${text}`;

const ISO_DAY = /\d{4}-\d{2}-\d{2}/;
/** "Fri 27 Nov", "27 Nov 2027", "Nov 27, 2027": a day as the prompt writes it, in English. */
const WRITTEN_DAY = /(?:(\d{1,2})\s+([A-Za-z]{3,})\.?|([A-Za-z]{3,})\.?\s+(\d{1,2}))(?:,?\s+(\d{4}))?/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const LEADING_WEEKDAY = /^\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?(?:\s+|$)/i;

/**
 * The day a date in the prompt names, as YYYY-MM-DD: ISO as it is, or the written form the
 * prompt uses ("Fri 27 Nov"); without a year, the year that puts it nearest `near`.
 */
export function readDayNear(text: string, near: string): string | undefined {
  const iso = ISO_DAY.exec(text);
  if (iso) return iso[0];
  const m = WRITTEN_DAY.exec(text.replace(LEADING_WEEKDAY, ''));
  if (!m) return undefined;
  const day = Number(m[1] ?? m[4]);
  const month = MONTHS.indexOf((m[2] ?? m[3])!.slice(0, 3).toLowerCase());
  if (month < 0 || day < 1 || day > 31) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = (year: number) => `${year}-${pad(month + 1)}-${pad(day)}`;
  if (m[5]) return at(Number(m[5]));
  const year = Number(near.slice(0, 4));
  const distance = (iso: string) => Math.abs(Date.parse(iso) - Date.parse(near));
  return [year - 1, year, year + 1].map(at).sort((a, b) => distance(a) - distance(b))[0];
}

/** A label naming a day of the week ("Thu 26 Nov", "Thursday", "Mon–Tue", "2026-11-26"), as YYYY-MM-DD. */
function dayOfLabel(label: string, week: PlanWeek): string | undefined {
  const text = collapse(label);
  if (!text || text.length > 40) return undefined;
  if (ISO_DAY.test(text) || /\d/.test(text)) {
    const day = readDayNear(text, week.monday);
    if (day) return day;
  }
  const weekday = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?(?:\s*(?:[-–—/&]|and|to)\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?)?$/i.exec(
    text,
  );
  return weekday ? addDays(week.monday, WEEKDAY_NAMES.indexOf(weekday[1]!.toLowerCase())) : undefined;
}

const BULLET = /^\s*(?:(?:[-*+•]|\d+[.)])\s+)?(?:\[[ xX]?\]\s*)?/;
/** "**Thu 26 Nov:** rest", "**Thursday** – rest", "Thu: rest", "Mon–Tue - rest". */
const LABELLED = /^(?:\*\*|__)?([^*_:]{2,40}?)(?:\*\*|__)?\s*(?::|[—–-](?=\s))\s*(?:\*\*|__)?\s*(.*\S)\s*$/;

/** An action line read back: its day when it starts with one, and its words without bullet, box or label. */
export function readActionLine(line: string, week: PlanWeek | undefined): { day?: string; text: string } {
  const bare = line.replace(BULLET, '').trim();
  const m = week ? LABELLED.exec(bare) : null;
  const day = m ? dayOfLabel(m[1]!, week!) : undefined;
  // A label closing its bold after the colon ("**Thu:** x") leaves "** x" behind.
  return day ? { day, text: m![2]!.replace(/^(?:\*\*|__)\s*/, '').trim() } : { text: bare };
}

/** "**Mon 16 Mar:** Call Sam" → "Call Sam": an action without the day an earlier plan gave it. */
export function withoutDayLabel(text: string): string {
  const m = LABELLED.exec(text.trim());
  if (!m) return text.trim();
  const label = collapse(m[1]!);
  const isDay = ISO_DAY.test(label) || /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?(?:\s|$|[-–—/])/i.test(label);
  return isDay ? m[2]!.replace(/^(?:\*\*|__)\s*/, '').trim() : text.trim();
}

/**
 * A model's actions as the week's task boxes: a line dated before the first day left moves to
 * it, every line gets its box, and the days run in order (an undated line keeps its place
 * after the line before it). A week that has passed keeps nothing.
 */
export function asTaskLines(actions: readonly string[], week: PlanWeek | undefined): string {
  if (week && week.days.length === 0) return '';
  const first = week?.days[0];
  let previous = first;
  const lines = actions
    .map((raw) => raw.trim())
    .filter((raw) => raw && !/^#/.test(raw))
    .map((raw, order) => {
      const { day, text } = readActionLine(raw, week);
      const moved = day && first && day < first ? first : day;
      const sortKey = moved ?? previous ?? '';
      previous = sortKey || previous;
      return { day: moved, text, sortKey, order };
    })
    .filter((l) => l.text);
  return lines
    .sort((a, b) => a.sortKey.localeCompare(b.sortKey) || a.order - b.order)
    .map((l) => taskLine(capitalize(l.text), l.day, week))
    .join('\n');
}

/**
 * A line that holds the whole of a short prompt word for word ("Outcomes: Finish the deck and
 * talk to Dana"): the request repeated, not a result. Prompts under four words are too short to tell.
 */
export function repeatsPrompt(line: string, prompt: string): boolean {
  const asked = normalizeForCompare(prompt);
  return asked.split(' ').length >= 4 && ` ${normalizeForCompare(line)} `.includes(` ${asked} `);
}
