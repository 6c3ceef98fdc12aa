/**
 * Offline week plans. The week-AI prompt (weekContextPrompt) lists what is open that week:
 * milestones due around it, todos due in it, actions left from earlier weeks. Each becomes an
 * action on a real day of the week (a todo on its due day, carried-over actions first thing),
 * and the outcomes say what will be true by Friday. Whatever else the user wrote counts as
 * goals of their own, each with a focused session and a check-in.
 */
import { addDays, parsePeriod } from '@cc/contracts/periods';
import { formatDay } from '@cc/contracts/dates';
import { WEEK_CONTEXT_HEADINGS } from '../prompts';
import { capitalize, collapse, sentences, truncate, words } from '../text';
import type { WeekPlan, WeekPlanInput } from '../types';

const MAX_OUTCOMES = 4;
const MAX_GOALS = 3;
const MAX_CARRIED = 6;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

type Section = keyof typeof WEEK_CONTEXT_HEADINGS;

interface WeekItems {
  milestones: { title: string; target?: string }[];
  todos: { title: string; due?: string }[];
  unfinished: string[];
  /** What the user wrote besides the lists: their own goals. */
  free: string[];
}

const HEADING_OF = new Map(Object.entries(WEEK_CONTEXT_HEADINGS).map(([k, v]) => [v.toLowerCase(), k as Section]));
const BULLET = /^\s*(?:[-*+•]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;
/** "Fri 27 Nov", "27 Nov 2027", "Nov 27, 2027": a day as the prompt writes it, in English. */
const WRITTEN_DAY = /(?:(\d{1,2})\s+([A-Za-z]{3,})\.?|([A-Za-z]{3,})\.?\s+(\d{1,2}))(?:,?\s+(\d{4}))?/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The day a date in the prompt names, as YYYY-MM-DD: ISO as it is, or the written form the
 * prompt uses ("Fri 27 Nov"); without a year, the year that puts it nearest `near`.
 */
export function readDayNear(text: string, near: string): string | undefined {
  const iso = ISO_DAY.exec(text);
  if (iso) return iso[0];
  const m = WRITTEN_DAY.exec(text.replace(/^\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i, ''));
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

/** The lists and the free text of a week prompt (edited or not). */
function readPrompt(prompt: string, near: string): WeekItems {
  const items: WeekItems = { milestones: [], todos: [], unfinished: [], free: [] };
  let section: Section | undefined;
  const freeLines: string[] = [];
  for (const raw of prompt.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = HEADING_OF.get(line.toLowerCase());
    if (heading) {
      section = heading;
      continue;
    }
    if (/^plan my week:/i.test(line)) continue;
    const focus = /^nothing is due this week yet\.\s*my focus this week:\s*(.*)$/i.exec(line);
    if (focus) {
      section = undefined;
      if (focus[1]) freeLines.push(focus[1]);
      continue;
    }
    if (section && BULLET.test(raw)) {
      const text = raw.replace(BULLET, '').trim();
      if (section === 'milestones') {
        const m = /^(.*?)\s*\(target ([^,)]+)[^)]*\)\s*$/.exec(text);
        const target = m ? readDayNear(m[2]!, near) : undefined;
        items.milestones.push(m && target ? { title: m[1]!, target } : { title: text });
      } else if (section === 'todos') {
        const m = /^(.*?)\s*\(due ([^)]+)\)/.exec(text);
        const due = m ? readDayNear(m[2]!, near) : undefined;
        items.todos.push(m && due ? { title: m[1]!, due } : { title: text, due: ISO_DAY.exec(text)?.[0] });
      } else if (section === 'unfinished') {
        items.unfinished.push(text.replace(/\s*\(from .*\)\s*$/, ''));
      }
      // 'planned': already in the week, so not proposed again.
      continue;
    }
    section = undefined;
    freeLines.push(line);
  }
  items.free = sentences(freeLines.join('\n'))
    .filter((s) => !s.trim().endsWith('?') && words(s).length >= 2)
    .map(goalOf)
    .filter(Boolean)
    .slice(0, MAX_GOALS)
    .map((g) => truncate(g, 120));
  return items;
}

/** "I want to finish the Q3 deck." → "finish the Q3 deck" */
function goalOf(sentence: string): string {
  return collapse(sentence)
    .replace(/^(this week,?\s*)?(i|we)\s+(really\s+)?(want|need|have|hope|plan|would like|'d like)\s+to\s+/i, '')
    .replace(/^(my|our|the)\s+(main\s+)?(goal|focus|priority)\s+(is|will be)\s+(to\s+)?/i, '')
    .replace(/[.!;:]+$/, '');
}

/** "Mon 17 Mar" in a known week; a bare weekday when the key names no ISO week. */
function dayLabel(monday: string | undefined, index: number): string {
  if (!monday) return WEEKDAYS[index]!;
  return formatDay(addDays(monday, index), monday);
}

/**
 * "Sun 22 Mar": a due date as it is, even when its action is scheduled on the Friday before.
 * Inside a week's plan the year is the week's (written only for a date in another year).
 */
const dueLabel = (date: string, monday: string | undefined) => formatDay(date, monday);

/** The weekday (0 Monday … 4 Friday) a date falls on within the week; the weekend counts as Friday. */
function weekdayOf(monday: string | undefined, date: string | undefined, fallback: number): number {
  if (!monday || !date) return fallback;
  if (date < monday) return 0;
  for (let i = 0; i < 7; i++) if (addDays(monday, i) === date) return Math.min(i, 4);
  return 4;
}

const listed = (titles: string[]) => titles.map((t) => `"${truncate(t, 60)}"`).join(', ');

export function offlineWeekPlan({ prompt, periodKey }: WeekPlanInput): WeekPlan {
  const monday = parsePeriod(periodKey, 'week')?.first;
  const friday = dayLabel(monday, 4);
  const { milestones, todos, unfinished, free } = readPrompt(prompt, monday ?? new Date().toISOString().slice(0, 10));
  const actions: { day: number; text: string }[] = [];
  const outcomes: string[] = [];

  unfinished.slice(0, MAX_CARRIED).forEach((text, i) => actions.push({ day: i < 3 ? 0 : 1, text: `Finish from last week: ${text}` }));
  for (const todo of todos) {
    const day = weekdayOf(monday, todo.due, 2);
    actions.push({ day, text: `${todo.title}${todo.due ? ` (due ${dueLabel(todo.due, monday)})` : ''}` });
  }
  milestones.slice(0, MAX_GOALS).forEach((m, i) => {
    const targetInWeek = monday && m.target && m.target >= monday && m.target <= addDays(monday, 6);
    if (targetInWeek) {
      const day = weekdayOf(monday, m.target, 4);
      actions.push({ day: Math.max(0, day - 1), text: `Check that everything for "${m.title}" is ready` });
      actions.push({ day, text: `Deliver "${m.title}" (its target date)` });
    } else {
      actions.push({
        day: 1 + (i % 3),
        text: `Do the next concrete step towards "${m.title}"${m.target ? ` (target ${dueLabel(m.target, monday)})` : ''}`,
      });
    }
  });
  free.forEach((goal, i) => {
    const day = 1 + (i % 3);
    actions.push({ day, text: `First focused session on "${goal}": finish one concrete piece` });
    actions.push({ day: Math.min(3, day + 1), text: `Share progress on "${goal}" with someone who cares about it and ask for input` });
  });

  for (const m of milestones.slice(0, 2))
    outcomes.push(`"${m.title}" is a clear step closer${m.target ? ` (target ${dueLabel(m.target, monday)})` : ''}`);
  if (todos.length) {
    outcomes.push(
      todos.length === 1
        ? `The todo due this week is done: ${listed([todos[0]!.title])}`
        : `All ${todos.length} todos due this week are done (${listed(todos.slice(0, 3).map((t) => t.title))}${todos.length > 3 ? ', …' : ''})`,
    );
  }
  if (unfinished.length)
    outcomes.push(
      `Last week's ${unfinished.length === 1 ? 'open action is' : `${unfinished.length} open actions are`} finished or dropped on purpose`,
    );
  for (const goal of free) outcomes.push(`${capitalize(goal)}: done, or clearly moved forward, by ${friday}`);

  const priorities = [...milestones.map((m) => m.title), ...free, ...todos.map((t) => t.title)].slice(0, 3);
  if (priorities.length) {
    actions.unshift({ day: 0, text: `Block focus time for ${listed(priorities)} and write down what "done" means for each` });
  }
  if (!actions.length) {
    // Nothing open and nothing written: a week that starts by choosing its priorities.
    actions.push({ day: 0, text: 'Choose the one result that would make this week a success and block two focus sessions for it' });
    actions.push({ day: 2, text: 'Spend the first focus session on that result and finish one visible piece' });
    outcomes.push(`One chosen result for the week is visibly further by ${friday}`);
  }
  const reviewed = [...milestones.map((m) => m.title), ...free].slice(0, 2);
  actions.push({
    day: 4,
    text: `Review the week${reviewed.length ? ` (${listed(reviewed)})` : ''}: what moved, what did not, and the first step for next week`,
  });

  const lines = actions
    .map((a, order) => ({ ...a, order }))
    .sort((a, b) => a.day - b.day || a.order - b.order)
    .map((a) => `- **${dayLabel(monday, a.day)}:** ${a.text}`);
  return {
    outcomes: outcomes
      .slice(0, MAX_OUTCOMES)
      .map((o) => `- ${o}`)
      .join('\n'),
    actions: lines.join('\n'),
  };
}
