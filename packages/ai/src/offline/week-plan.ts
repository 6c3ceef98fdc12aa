/**
 * Offline week plans. The week-AI prompt (weekContextPrompt) lists what is open that week:
 * milestones due around it, todos due in it, actions left from earlier weeks. Each becomes an
 * action on a real day of the week (a todo on its due day, carried-over actions first thing),
 * and the outcomes say what will be true by Friday. Whatever else the user wrote counts as
 * goals of their own, each with a focused session and a check-in.
 */
import { addDays, dateOfDay, parsePeriod, shortDay } from '@cc/contracts/periods';
import { WEEK_CONTEXT_HEADINGS } from '../prompts';
import { capitalize, collapse, sentences, truncate, words } from '../text';
import type { WeekPlan, WeekPlanInput } from '../types';

const MAX_OUTCOMES = 4;
const MAX_GOALS = 3;
const MAX_CARRIED = 6;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

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
const DATE = /\d{4}-\d{2}-\d{2}/;

/** The lists and the free text of a week prompt (edited or not). */
function readPrompt(prompt: string): WeekItems {
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
        const m = /^(.*?)\s*\(target (\d{4}-\d{2}-\d{2})[^)]*\)\s*$/.exec(text);
        items.milestones.push(m ? { title: m[1]!, target: m[2]! } : { title: text });
      } else if (section === 'todos') {
        const m = /^(.*?)\s*\(due (\d{4}-\d{2}-\d{2})\)/.exec(text);
        items.todos.push(m ? { title: m[1]!, due: m[2]! } : { title: text, due: DATE.exec(text)?.[0] });
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
  return `${SHORT_DAYS[index]} ${shortDay(addDays(monday, index))}`;
}

/** "Sun 22 Mar": a due date as it is, even when its action is scheduled on the Friday before. */
function dueLabel(date: string): string {
  const day = dateOfDay(date);
  return day ? `${day.toLocaleDateString('en-US', { weekday: 'short' })} ${shortDay(day)}` : date;
}

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
  const { milestones, todos, unfinished, free } = readPrompt(prompt);
  const actions: { day: number; text: string }[] = [];
  const outcomes: string[] = [];

  unfinished.slice(0, MAX_CARRIED).forEach((text, i) => actions.push({ day: i < 3 ? 0 : 1, text: `Finish from last week: ${text}` }));
  for (const todo of todos) {
    const day = weekdayOf(monday, todo.due, 2);
    actions.push({ day, text: `${todo.title}${todo.due ? ` (due ${dueLabel(todo.due)})` : ''}` });
  }
  milestones.slice(0, MAX_GOALS).forEach((m, i) => {
    const targetInWeek = monday && m.target && m.target >= monday && m.target <= addDays(monday, 6);
    if (targetInWeek) {
      const day = weekdayOf(monday, m.target, 4);
      actions.push({ day: Math.max(0, day - 1), text: `Check that everything for "${m.title}" is ready` });
      actions.push({ day, text: `Deliver "${m.title}" (its target date)` });
    } else {
      actions.push({ day: 1 + (i % 3), text: `Do the next concrete step towards "${m.title}"${m.target ? ` (target ${m.target})` : ''}` });
    }
  });
  free.forEach((goal, i) => {
    const day = 1 + (i % 3);
    actions.push({ day, text: `First focused session on "${goal}": finish one concrete piece` });
    actions.push({ day: Math.min(3, day + 1), text: `Share progress on "${goal}" with someone who cares about it and ask for input` });
  });

  for (const m of milestones.slice(0, 2)) outcomes.push(`"${m.title}" is a clear step closer${m.target ? ` (target ${m.target})` : ''}`);
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
