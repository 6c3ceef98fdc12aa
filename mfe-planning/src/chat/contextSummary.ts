import type { Milestone, Todo } from '@cc/contracts/planning';
import { PLANNING_CHAT as C } from '@cc/contracts/planning-rules';
import { formatDay } from '@cc/contracts/dates';
import { todosOf, type PlanningTab } from '../planning/tabs';

/** Cut to `max` characters, with an ellipsis when something was cut (docs/planning.md#planning-chat). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

function todoLine(todo: Todo): string {
  const due = todo.due_date ? ` (due ${formatDay(todo.due_date)})` : '';
  const done = todo.completed ? ' [done]' : '';
  const description = todo.description ? ` - ${truncate(todo.description, C.todoDescriptionChars)}` : '';
  const tags = todo.tags.length > 0 ? ` [tags: ${todo.tags.slice(0, C.contextTags).join(', ')}]` : '';
  return `- ${truncate(todo.title, C.todoTitleChars)}${due}${done}${description}${tags}`;
}

function milestoneLine(m: Milestone): string {
  const type = m.milestone_type ? `, ${m.milestone_type}` : '';
  const done = m.completed ? ' [done]' : '';
  return `- ${truncate(m.title, C.milestoneTitleChars)} (target ${formatDay(m.target_date)}${type}; ${m.progress.done}/${m.progress.total} todos done)${done}`;
}

/**
 * The context summary of the planning chat (docs/planning.md#planning-chat): what the open tab shows, only when it
 * holds 1 to 5 items (the milestones on the milestone view, else the tab's todos; the action
 * plan's are the open todos). Titles are cut to 80 characters for todos and 100 for
 * milestones, descriptions to 100, and at most 3 tags are named. Undefined otherwise.
 */
export function planningContextSummary(tab: PlanningTab, todos: readonly Todo[], milestones: readonly Milestone[]): string | undefined {
  if (tab === 'milestones_view') {
    if (milestones.length < C.contextMinItems || milestones.length > C.contextMaxItems) return undefined;
    return [`Current milestones (${milestones.length}):`, ...milestones.map(milestoneLine)].join('\n');
  }
  const shown = tab === 'action_plan' ? todos.filter((t) => !t.completed) : todosOf(tab, todos);
  if (shown.length < C.contextMinItems || shown.length > C.contextMaxItems) return undefined;
  return [`Current todos (${shown.length}):`, ...shown.map(todoLine)].join('\n');
}
