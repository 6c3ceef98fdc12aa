/**
 * The offline planning chat's actions: the everyday ways of asking ("remind me to send the deck
 * by Friday", "add a todo: call Sam next Tuesday", "plan backwards from March 1 to get
 * promoted") become a reply in plain sentences plus the exact JSON action the planning page
 * executes (create_todo, create_workback_plan). The reply names only the page's things (todos,
 * milestones), and uses what the page lists: a todo already there, the milestone a todo leads up
 * to. Dates are read by chrono-node, relative to the user's today; a date that has passed, or a
 * workback plan without a target date, gets a question instead of an action.
 */
import { casual } from 'chrono-node/en';
import { addDays, dateOfDay, localIsoDate } from '@cc/contracts/periods';
import { formatDayInWords } from '@cc/contracts/dates';
import { planningActionJson, type PlanningAction } from '@cc/contracts/planning-actions';
import { capitalize, collapse, normalizeForCompare, truncate } from '../text';
import { workbackStepTitles } from '../workback-titles';
import type { PlanningMilestoneFact, PlanningTodoFact } from '../types';

/** What the planning page lists, as the chat hands it (ChatPage 'planning'). */
export interface PlanningFacts {
  todos: readonly PlanningTodoFact[];
  milestones: readonly PlanningMilestoneFact[];
}

/** Titles are bounded by the todo and milestone rules (@cc/contracts/planning). */
const TITLE_MAX = 200;

const WORKBACK =
  /\b(?:work-?back(?: plan)?|back-?plan|plan(?:ning)? (?:it )?backwards?|work(?:ing)? backwards?|backwards? plan|reverse plan)\b/i;

/** "remind me to X", "add a todo: X", "todo: X", "add X to my list"... → X */
const TODO_ASKS: RegExp[] = [
  /\bremind me (?:to|that|about)\s+(.+)$/i,
  /\b(?:add|create|make|set up|put in|log)\s+(?:a |an |another |one more )?(?:new |quick )?(?:todo|to-do|to do|task|reminder|action item)\b\s*(?::|-|–|to|for|that|about|saying)?\s*(.*)$/i,
  /^\s*(?:new )?(?:todo|to-do|task|reminder)\s*[:–-]\s*(.+)$/i,
  /\b(?:add|put)\s+(.+?)\s+(?:to|on)\s+(?:my\s+)?(?:todos?|to-?do list|todo list|task list|tasks|list)\b(.*)$/i,
  /\b(?:don't|do not) let me forget to\s+(.+)$/i,
  /\bI (?:need|have) to remember to\s+(.+)$/i,
];

/** Questions about the planner itself ("how do I add a task?") are not requests. */
const QUESTION = /^\s*(?:how|what|why|where|which|should|is|are|does|do i|can i)\b/i;

/** The words that lead into a date: "by Friday", "due on 3 March", "before the 15th". */
const DATE_LEAD = /\s*\b(?:due(?: on| by)?|by|on|for|before|until|till|no later than|from|at)(?:\s+the)?\s*$/i;

interface Found {
  date: string | undefined;
  rest: string;
}

/** The first date the text names (never before today for a weekday or a month), and the text without it. */
function takeDate(text: string, today: string): Found {
  const ref = dateOfDay(today) ?? new Date();
  ref.setHours(12, 0, 0, 0);
  const [found] = casual.parse(text, ref, { forwardDate: true });
  if (!found) return { date: undefined, rest: text };
  const before = text.slice(0, found.index).replace(DATE_LEAD, '');
  const after = text.slice(found.index + found.text.length);
  return { date: localIsoDate(found.start.date()), rest: `${before} ${after}` };
}

/** "#work" and "#deck" in the message become tags: trailing ones leave the title, inline ones keep their word. */
function takeTags(text: string): { tags: string[]; rest: string } {
  const TAG = /(^|\s)#([\p{L}\p{N}_-]{1,40})/gu;
  const tags = [...text.matchAll(TAG)].map((m) => m[2]!);
  const unique = [...new Map(tags.map((t) => [t.toLowerCase(), t])).values()].slice(0, 10);
  const rest = text.replace(/(?:\s+#[\p{L}\p{N}_-]{1,40})+[\s.!?]*$/u, '').replace(TAG, '$1$2');
  return { tags: unique, rest };
}

/** A subject as a title: no polite padding, no closing punctuation, capitalised, bounded. */
function titleOf(text: string): string {
  const cleaned = collapse(text)
    .replace(/^(?:please\s+|to\s+|that\s+|about\s+|:\s*|-\s*)+/i, '')
    .replace(/[\s,;:]*(?:please|thanks|thank you|for me)?[\s.!?,;:]*$/i, '')
    .trim()
    // "add "review Q4 goals" to my list": the quotes marked the title, they are not part of it.
    .replace(/^["“'‘](.+)["”'’]$/, '$1');
  return truncate(capitalize(cleaned), TITLE_MAX);
}

/** A day in the reply's sentences, as every reply of the coach writes one ("27 November"). */
const spoken = (iso: string, today: string) => formatDayInWords(iso, today);

/** Words that say what a title is about (no "the", "send", "my"). */
const keyWords = (title: string) =>
  new Set(
    normalizeForCompare(title)
      .split(' ')
      .filter((w) => w.length >= 4),
  );

/** The milestone a todo leads up to: one that shares two of its words ("send the promotion packet" → "Promotion packet submitted"). */
function milestoneFor(title: string, facts: PlanningFacts | undefined): PlanningMilestoneFact | undefined {
  const words = keyWords(title);
  return facts?.milestones.find((m) => [...keyWords(m.title)].filter((w) => words.has(w)).length >= 2);
}

function todoReply(message: string, today: string, facts?: PlanningFacts): string | undefined {
  if (QUESTION.test(message) && !/\bremind me\b/i.test(message)) return undefined;
  for (const ask of TODO_ASKS) {
    const m = ask.exec(message);
    if (!m) continue;
    const subject = [m[1], m[2]].filter(Boolean).join(' ');
    const { tags, rest: untagged } = takeTags(subject);
    const { date, rest } = takeDate(untagged, today);
    const title = titleOf(rest);
    if (!title) return 'Happy to add a todo. What should it say, and when is it due?';
    if (date && date < today) return `${spoken(date, today)} has already passed. When should "${title}" be due instead?`;
    const same = facts?.todos.find((t) => normalizeForCompare(t.title) === normalizeForCompare(title));
    if (same) {
      const dueAt = same.due_date ? `, due ${spoken(same.due_date, today)}` : '';
      return `"${same.title}" is already in your todos${dueAt}. Should I add it a second time, or would you rather change that one's date in the list?`;
    }
    const due = date ?? today;
    const action: PlanningAction = { action: 'create_todo', todo_data: { title, due_date: due, description: '', tags } };
    const when = date ? `due ${spoken(due, today)}` : `due today (${spoken(due, today)}); tell me if it should be another day`;
    const tagged = tags.length ? `, tagged ${tags.map((t) => `#${t}`).join(' ')}` : '';
    const milestone = milestoneFor(title, facts);
    const leadsTo = !milestone
      ? 'What is the first small step, so it is easy to start?'
      : milestone.target_date && milestone.target_date < due
        ? `That is after the target date of your milestone "${milestone.title}" (${spoken(milestone.target_date, today)}): should it be due earlier?`
        : `It leads up to your milestone "${milestone.title}"${milestone.target_date ? ` (target ${spoken(milestone.target_date, today)})` : ''}.`;
    return `I'll add "${title}" to your todos, ${when}${tagged}. ${leadsTo}\n\n${planningActionJson(action)}`;
  }
  return undefined;
}

/** The goal of a workback ask: after the trigger ("plan backwards to get promoted"), else before it. */
function goalOf(text: string): string {
  const trigger = WORKBACK.exec(text);
  if (!trigger) return titleOf(text);
  const after = text
    .slice(trigger.index + trigger[0].length)
    .replace(/^\s*(?:from\s+(?:now|today)\s*)?(?:for|towards?|to reach|to achieve|so (?:that )?I can|so|to|on|:)?\s+/i, '');
  if (titleOf(after)) return titleOf(after);
  const before = text
    .slice(0, trigger.index)
    .replace(/^\s*(?:my goal is to|i (?:want|need|would like|'d like|hope) to|i plan to)\s+/i, '')
    .replace(
      /[\s,;]*(?:(?:can|could|would) you|please|help me|let's|and)?(?:\s+(?:make|create|build|do|draft))?(?:\s+(?:me|us))?(?:\s+an?)?\s*$/i,
      '',
    );
  return titleOf(before);
}

/** A step's title as the coach says it to the user: "Ask my manager…" → "ask your manager…". */
const toYou = (title: string) =>
  title
    .replace(/^\w/, (c) => c.toLowerCase())
    .replace(/\bmy\b/g, 'your')
    .replace(/\bI\b/g, 'you');

/** What the plan will hold (svc-coaching's workbackSteps): three steps when the target is today or tomorrow, the last on the day itself. */
const near = (date: string, today: string) =>
  date <= today
    ? 'three dated todos linked to it, all for today'
    : date === addDays(today, 1)
      ? 'three dated todos linked to it, from today to the day itself'
      : 'five dated todos linked to it, from today up to the day before';

function workbackReply(message: string, today: string, facts?: PlanningFacts): string | undefined {
  if (!WORKBACK.test(message)) return undefined;
  const { date, rest } = takeDate(message, today);
  const title = goalOf(rest);
  if (!title) return 'Happy to plan backwards from a goal. What do you want to achieve, and by when?';
  if (!date) {
    return `Let's plan backwards towards "${title}". By when do you want to get there? Give me a date (for example "by March 1") and I will lay out the steps from today.`;
  }
  if (date < today) {
    return `${spoken(date, today)} has already passed. Which date in the future should "${title}" be ready by?`;
  }
  const same = facts?.milestones.find((m) => normalizeForCompare(m.title) === normalizeForCompare(title));
  if (same) {
    const target = same.target_date ? ` (target ${spoken(same.target_date, today)})` : '';
    return `You already have the milestone "${same.title}"${target}. Should I plan backwards to it anyway, which adds a second milestone with its own todos, or would you rather work on the todos it has?`;
  }
  const action: PlanningAction = { action: 'create_workback_plan', goal_data: { title, target_date: date } };
  const [first] = workbackStepTitles(title);
  return `Let's work back from ${spoken(date, today)}. I'll create the milestone "${title}" with ${near(date, today)}. The first one, for today, is to ${toYou(first)}: is that small enough to start now?\n\n${planningActionJson(action)}`;
}

/** A reply with an action when the message asks for one; undefined otherwise (the coach answers as usual). */
export function planningActionReply(message: string, today = localIsoDate(), facts?: PlanningFacts): string | undefined {
  return workbackReply(message, today, facts) ?? todoReply(message, today, facts);
}
