/**
 * Offline week plans (docs/ai.md#offline-coach). The week-AI prompt (weekContextPrompt) lists
 * what is open that week: milestones due around it, todos due in it, actions left from earlier
 * weeks. Each becomes a task box on a day that is still ahead (week-days.ts): a todo on its due
 * day, carried-over actions first, a milestone on its date. Whatever else the user wrote is read
 * as goals (goal-phrases.ts) and turned into actions of the plan's own words, and the outcomes
 * say what will be true by the end of the week, never the prompt again.
 */
import { addDays, localIsoDate } from '@cc/contracts/periods';
import { WEEK_CONTEXT_HEADINGS } from '../prompts';
import { readGoal, readGoals, type Goal } from '../goal-phrases';
import { weekSteps } from '../goal-steps';
import { dayLabel, planWeek, readDayNear, taskLine, withoutDayLabel, type PlanWeek } from '../week-days';
import { normalizeForCompare, words } from '../text';
import type { WeekPlan, WeekPlanInput } from '../types';

export { readDayNear } from '../week-days';

const MAX_OUTCOMES = 4;
const MAX_GOALS = 3;
const MAX_CARRIED = 6;
const MAX_MILESTONES = 3;
/** A title longer than this is quoted when the plan names it, so the line does not read as the prompt copied. */
const QUOTE_ABOVE_WORDS = 8;

type Section = keyof typeof WEEK_CONTEXT_HEADINGS;

interface WeekItems {
  milestones: { title: string; target?: string }[];
  todos: { title: string; due?: string }[];
  unfinished: string[];
  planned: string[];
  /** What the user wrote besides the lists: their own goals. */
  free: Goal[];
}

const HEADING_OF = new Map(Object.entries(WEEK_CONTEXT_HEADINGS).map(([k, v]) => [v.toLowerCase(), k as Section]));
const BULLET = /^\s*(?:[-*+•]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;

/** The lists and the free text of a week prompt (edited or not). */
function readPrompt(prompt: string, near: string): WeekItems {
  const items: WeekItems = { milestones: [], todos: [], unfinished: [], planned: [], free: [] };
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
      const text = withoutDayLabel(raw.replace(BULLET, '').trim());
      if (section === 'milestones') {
        const m = /^(.*?)\s*\(target ([^,)]+)[^)]*\)\s*$/.exec(text);
        const target = m ? readDayNear(m[2]!, near) : undefined;
        items.milestones.push(m && target ? { title: m[1]!, target } : { title: text });
      } else if (section === 'todos') {
        const m = /^(.*?)\s*\(due ([^)]+)\)/.exec(text);
        const due = m ? readDayNear(m[2]!, near) : undefined;
        items.todos.push(m && due ? { title: m[1]!, due } : { title: text.replace(/:\s.*$/, ''), due: ISO_DAY.exec(text)?.[0] });
      } else if (section === 'unfinished') {
        items.unfinished.push(text.replace(/\s*\(from .*\)\s*$/, ''));
      } else {
        items.planned.push(text.replace(/\s*\(done\)\s*$/, ''));
      }
      continue;
    }
    section = undefined;
    freeLines.push(line);
  }
  items.free = readGoals(freeLines.join('\n')).slice(0, MAX_GOALS);
  return items;
}

const quoted = (title: string) => `"${title}"`;
/** A title as an action: as it is when short, quoted when long (the user's words, marked as theirs). */
const asAction = (title: string, lead: string) => (words(title).length > QUOTE_ABOVE_WORDS ? `${lead} ${quoted(title)}` : title);
const listed = (titles: string[]) => titles.map(quoted).join(', ');

interface Action {
  day: string | undefined;
  text: string;
  /** Not tied to a date (a carried-over action, a milestone's next step): moved to a lighter day rather than piled up. */
  flexible?: boolean;
}

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
/** A step that needs another person: asking, meeting, having the conversation. */
const TALKS =
  /^(?:Ask|Request|Sit down with|Have the|Have a|Write to|Send \S+ a first message|Thank|Go through|Put my question|Get feedback)\b/;
/** A goal that asks for feedback makes "and ask for feedback" on another goal's step the same action twice. */
const ASKS_FEEDBACK = / and ask for feedback(?: on it)?$/;

/**
 * Each flexible action on the earliest day from its own with the fewest actions, so a week with
 * several carried-over actions spreads them instead of piling them on its first day.
 */
function spread(actions: Action[], days: string[]) {
  const load = new Map<string, number>();
  for (const a of actions) if (a.day && !a.flexible) load.set(a.day, (load.get(a.day) ?? 0) + 1);
  // The last day holds the week's review; it takes a flexible action only when no other day is left.
  const open = days.length > 1 ? days.slice(0, -1) : days;
  for (const a of actions) {
    if (!a.flexible || !a.day) continue;
    const from = open.filter((d) => d >= a.day!);
    const best = from.reduce<string | undefined>((b, d) => (b === undefined || (load.get(d) ?? 0) < (load.get(b) ?? 0) ? d : b), undefined);
    if (best) a.day = best;
    load.set(a.day, (load.get(a.day) ?? 0) + 1);
  }
}

/** Where actions fall in the days left: `at` 0 is the first day, 1 the last. */
function placer(week: PlanWeek | undefined) {
  const days = week?.days ?? [];
  const at = (share: number) => days[Math.round(Math.min(1, Math.max(0, share)) * (days.length - 1))];
  /** A day of the week as the plan can use it: not before the first day left, not after the last. */
  const clamp = (day: string) => (!days.length ? undefined : day < days[0]! ? days[0] : day > days.at(-1)! ? days.at(-1) : day);
  return { days, at, clamp };
}

/** A todo that is a conversation ends in its result ("Feedback on the packet from Priya"), not its own title again. */
function todoOutcome(title: string): string {
  const goal = readGoal(title);
  return goal?.kind === 'talk' ? weekSteps(goal).outcome : `${quoted(title)} done`;
}

export function offlineWeekPlan({ prompt, periodKey, today = localIsoDate() }: WeekPlanInput): WeekPlan {
  const week = planWeek(periodKey, today);
  // A week that has passed gets no plan: nothing is scheduled in the past (the service says so).
  if (week && week.days.length === 0) return { outcomes: '', actions: '' };
  const { days, at, clamp } = placer(week);
  const label = (day: string) => (week ? dayLabel(day, week) : day);
  const first = days[0];
  const last = days.at(-1);
  const { milestones, todos, unfinished, planned, free } = readPrompt(prompt, week?.monday ?? today);
  const already = new Set(planned.map(normalizeForCompare));
  const fresh = (text: string) => !already.has(normalizeForCompare(text));
  const actions: Action[] = [];
  const outcomes: string[] = [];

  const carried = unfinished.filter(fresh).slice(0, MAX_CARRIED);
  carried.forEach((text) => actions.push({ day: first, text: `${asAction(text, 'Finish')} (carried over)`, flexible: true }));

  const openTodos = todos.filter((t) => fresh(t.title));
  for (const todo of openTodos) {
    const day = todo.due && week ? clamp(todo.due) : at(0.5);
    const note = !todo.due || !week ? '' : todo.due < (first ?? today) ? ' (overdue)' : todo.due !== day ? ` (due ${label(todo.due)})` : '';
    // A todo that is an event ("Onsite interview at Northwind", "1:1 with Priya") is prepared the day before.
    const event = readGoal(todo.title);
    if (event?.event && day && first && day > first)
      actions.push({ day: addDays(day, -1) < first ? first : addDays(day, -1), text: weekSteps(event).first });
    actions.push({ day, text: `${asAction(todo.title, 'Finish the todo')}${note}` });
  }

  const shown = milestones.slice(0, MAX_MILESTONES);
  shown.forEach((m, i) => {
    const name = quoted(m.title);
    if (!m.target || !week || !first || !last) {
      actions.push({ day: at(0.25 + 0.25 * i), text: `List what ${name} still needs and finish the first item`, flexible: true });
    } else if (m.target < first) {
      actions.push({ day: first, text: `Finish the milestone ${name} or give it a new target date`, flexible: true });
    } else if (m.target <= week.sunday) {
      const day = clamp(m.target)!;
      const before = addDays(m.target, -1);
      if (before >= first && before < day) actions.push({ day: before, text: `Check that everything for the milestone ${name} is ready` });
      actions.push({ day, text: `Complete the milestone ${name}${day !== m.target ? ` (target ${label(m.target)})` : ''}` });
    } else {
      actions.push({
        day: at(0.25 + 0.25 * i),
        text: `List what ${name} still needs and finish the first item (target ${label(m.target)})`,
        flexible: true,
      });
    }
  });

  const asksFeedback = free.some((g) => g.kind === 'talk' && /^for feedback\b/.test(g.tail));
  // Only the weekend left (the days are workdays whenever one remains): a conversation then says so.
  const talkNote = (text: string, day: string | undefined) =>
    day && isWeekend(day) && TALKS.test(text) ? `${text} (only the weekend is left: send the message now, talk on Monday)` : text;
  free.forEach((goal, i) => {
    const steps = weekSteps(goal);
    if (asksFeedback && !(goal.kind === 'talk')) steps.second = steps.second.replace(ASKS_FEEDBACK, '');
    const byDay = goal.weekday !== undefined && week ? clamp(addDays(week.monday, goal.weekday)) : undefined;
    const second = byDay ?? at(0.5 + 0.25 * i);
    const firstDay = byDay ? clamp(addDays(byDay, -1)) : at(0.25 * i);
    // With a single day left, the step that reaches the result is the one worth the day.
    const early = firstDay && second && firstDay > second ? second : firstDay;
    if (days.length > 1 || !week) actions.push({ day: early, text: talkNote(steps.first, early) });
    actions.push({ day: second, text: talkNote(steps.second, second) });
  });

  for (const goal of free) outcomes.push(weekSteps(goal).outcome);
  for (const m of shown) {
    const due = m.target && week && first && m.target >= first && m.target <= week.sunday;
    const late = m.target && week && first && m.target < first;
    outcomes.push(
      due
        ? `Milestone ${quoted(m.title)} complete`
        : late
          ? `${quoted(m.title)} finished or given a new target date`
          : `What ${quoted(m.title)} still needs listed, its first item done`,
    );
  }
  if (openTodos.length) {
    outcomes.push(
      openTodos.length === 1
        ? todoOutcome(openTodos[0]!.title)
        : `${openTodos.length === 2 ? 'Both' : `All ${openTodos.length}`} todos due this week done (${listed(openTodos.slice(0, 3).map((t) => t.title))}${openTodos.length > 3 ? ', and the rest' : ''})`,
    );
  }
  if (carried.length) outcomes.push('Open actions from earlier weeks finished or dropped on purpose');

  if (!actions.length) {
    // Nothing open and nothing written: a week that starts by choosing its priorities.
    actions.push({ day: first, text: 'Choose the one result that would make this week a success and block two focus sessions for it' });
    if (days.length > 1) actions.push({ day: at(0.5), text: 'Spend the first focus session on that result and finish one visible piece' });
    outcomes.push('One chosen result for the week visibly further');
  }
  actions.push({ day: last, text: 'Review the week: what moved, what did not, and the first step for next week' });
  spread(actions, days);

  const lines = actions
    .map((a, order) => ({ ...a, order }))
    .sort((a, b) => (a.day ?? '').localeCompare(b.day ?? '') || a.order - b.order)
    .map((a) => taskLine(a.text, a.day, week));
  return {
    outcomes: outcomes
      .slice(0, MAX_OUTCOMES)
      .map((o) => `- ${o}`)
      .join('\n'),
    actions: lines.join('\n'),
  };
}
