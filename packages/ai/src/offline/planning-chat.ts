/**
 * Offline planning chat: "add a todo to call Sam tomorrow" becomes a create_todo action the
 * planning page executes; "make a workback plan for ..." a create_workback_plan.
 */
import { addDays, localIsoDate } from '@cc/contracts/periods';
import type { PlanningAction } from '../planning-actions';
import { capitalize, collapse } from '../text';

const TODO_REQUEST = /\b(add|create|make|new|set up|put)\b[^.?!]*?\b(todo|to-do|to do|task|reminder)\b|^\s*remind me to\b/i;
const WORKBACK_REQUEST = /\b(work-?back|plan backwards?)\b/i;
const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})\b/;

/** A date the message names (ISO, today, tomorrow), and the message without it. */
function takeDate(text: string, today: string): { date: string | undefined; rest: string } {
  const iso = text.match(ISO_DATE);
  if (iso) return { date: iso[1], rest: text.replace(new RegExp(`\\s*(by|on|for|due)?\\s*${iso[1]}`), '') };
  const rel = text.match(/\s*\b(by |on |for |due )?(today|tomorrow)\b/i);
  if (rel) return { date: rel[2]!.toLowerCase() === 'today' ? today : addDays(today, 1), rest: text.replace(rel[0], '') };
  return { date: undefined, rest: text };
}

/** What comes after "todo:", "todo to", "remind me to", "plan for"... */
function subject(text: string, lead: RegExp): string {
  const afterColon = text.split(/:\s*/).slice(1).join(': ');
  const after = afterColon || text.replace(lead, '').replace(/^\s*(to|for|that|about|towards|:)\s+/i, '');
  return capitalize(collapse(after).replace(/[.!]+$/, ''));
}

export function planningActionReply(message: string, today = localIsoDate()): string | undefined {
  if (WORKBACK_REQUEST.test(message)) {
    const { date, rest } = takeDate(message, today);
    const title = subject(rest, /^.*?\b(work-?back plan|plan backwards?)\b/i);
    if (!title) return undefined;
    const action: PlanningAction = {
      action: 'create_workback_plan',
      goal_data: { title, target_date: date ?? addDays(today, 90), description: `Workback plan towards: ${title}` },
    };
    return `I'll set up a workback plan for "${title}"${date ? ` with a target date of ${date}` : ''}. Once it is created, look at the first milestone: is it small enough to start this week?\n\n${JSON.stringify(action)}`;
  }
  if (TODO_REQUEST.test(message)) {
    const { date, rest } = takeDate(message, today);
    const title = subject(rest, /^.*?\b(todo|to-do|to do|task|reminder|remind me)\b/i);
    if (!title) return undefined;
    const action: PlanningAction = {
      action: 'create_todo',
      todo_data: { title, due_date: date ?? today, description: '', tags: [] },
    };
    return `I'll add the todo "${title}", due ${date ?? today}. What is the first small step, so it is easy to start?\n\n${JSON.stringify(action)}`;
  }
  return undefined;
}
