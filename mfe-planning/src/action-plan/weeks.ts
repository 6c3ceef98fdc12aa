import { addDays, dateOfDay, parsePeriod, periodKey, shortDay, WEEK_WINDOW_BACK, weekWindow } from '@cc/contracts/periods';
import { formatMonth } from '@cc/contracts/dates';
import type { Milestone } from '@cc/contracts/planning';
import { actionLines, unfinishedActions } from '@cc/contracts/planning-rules';

export interface TimelineWeek {
  key: string;
  /** ISO week number and ISO week-year. */
  number: number;
  year: number;
  /** First and last day, YYYY-MM-DD. */
  first: string;
  last: string;
  current: boolean;
  past: boolean;
  /** "17 Mar – 23 Mar" */
  dates: string;
  /** "Week 12, 2025 (17 Mar – 23 Mar)": `weekLabel` of @cc/contracts/periods, made once per week. */
  label: string;
}

/**
 * The timeline's 53 ISO weeks around `today` (26 back, the current one, 26 ahead), oldest first:
 * the keys of `weekWindow` (@cc/contracts/periods), each week's days counted from its Monday
 * rather than parsed back from its key (the first render makes all 53).
 */
export function timelineWeeks(today: Date = new Date()): TimelineWeek[] {
  const current = periodKey('week', today);
  // The current week's Monday; the window's weeks follow each other from 26 weeks before it.
  const monday = parsePeriod(current, 'week')!.first;
  return weekWindow(today).map((key, i) => {
    const first = addDays(monday, 7 * (i - WEEK_WINDOW_BACK));
    const last = addDays(first, 6);
    const year = Number(key.slice(0, 4));
    const number = Number(key.slice(6));
    const dates = `${shortDay(first)} – ${shortDay(last)}`;
    return {
      key,
      number,
      year,
      first,
      last,
      current: key === current,
      past: i < WEEK_WINDOW_BACK,
      dates,
      label: `Week ${number}, ${year} (${dates})`,
    };
  });
}

/** Milestones by the ISO week their target date falls in. */
export function milestonesByWeek(milestones: readonly Milestone[]): Map<string, Milestone[]> {
  const byWeek = new Map<string, Milestone[]>();
  for (const m of milestones) {
    const day = dateOfDay(m.target_date);
    if (!day) continue;
    const key = periodKey('week', day);
    byWeek.set(key, [...(byWeek.get(key) ?? []), m]);
  }
  return byWeek;
}

/** Whether a week's text still lists an action that is not ticked. */
export const hasUnfinished = (content: string) => actionLines(content).some((l) => !l.done);

/**
 * Carry-over (a past week's unfinished actions move to the current week): the past week keeps
 * its headings, blank lines and done actions; the current week gets the moved actions as
 * "- [ ] ..." lines after its own, without repeating one it already lists.
 */
export function carryOver(past: string, current: string): { past: string; current: string; moved: number; added: string[] } {
  const moving = unfinishedActions(past);
  if (moving.length === 0) return { past, current, moved: 0, added: [] };
  const kept = past
    .split(/\r?\n/)
    .filter((line) => {
      const parsed = actionLines(line);
      return parsed.length === 0 || parsed.every((l) => l.done);
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const already = new Set(actionLines(current).map((l) => l.text.toLowerCase()));
  const added = moving.filter((line) => !already.has(line.slice('- [ ] '.length).toLowerCase()));
  return { past: kept, current: appendLines(current, added), moved: moving.length, added };
}

/** `lines` after the text's own, on lines of their own. */
export function appendLines(text: string, lines: readonly string[]): string {
  if (lines.length === 0) return text;
  const base = text.replace(/\s+$/, '');
  return base ? `${base}\n${lines.join('\n')}` : lines.join('\n');
}

/** How many actions of a week's text are not ticked (the timeline overview's filled weeks). */
export const openActionCount = (content: string) => actionLines(content).filter((l) => !l.done).length;

/** An action line as words to quote in a sentence: no "- [ ] ", no markdown emphasis. */
export const plainAction = (line: string) =>
  line
    .replace(/^\s*(?:[-*]|\d+\.)\s+(?:\[[ xX]\]\s*)?/, '')
    .replace(/\*\*|__|`/g, '')
    .trim();

/** The weeks a month of the overview holds: "weeks 45–48", or "week 22" for a month at the window's edge with one. */
export const weekSpan = (first: number, last: number) => (first === last ? `week ${first}` : `weeks ${first}–${last}`);

export interface TimelineMonth {
  /** YYYY-MM */
  key: string;
  /** "Nov", with the year on the first month shown and on January ("Jan 2027"). */
  label: string;
  weeks: { week: TimelineWeek; index: number }[];
}

/** The timeline's weeks by month, a week counting in the month of its Thursday (as ISO weeks count in years). */
export function monthsOf(weeks: readonly TimelineWeek[]): TimelineMonth[] {
  const months: TimelineMonth[] = [];
  weeks.forEach((week, index) => {
    const thursday = addDays(week.first, 3);
    const key = thursday.slice(0, 7);
    let month = months.at(-1);
    if (!month || month.key !== key) {
      month = { key, label: formatMonth(key, { year: months.length === 0 || key.endsWith('-01') }), weeks: [] };
      months.push(month);
    }
    month.weeks.push({ week, index });
  });
  return months;
}
