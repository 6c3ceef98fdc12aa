import { addDays, localIsoDate } from '@cc/contracts/periods';
import type { Todo } from '@cc/contracts/planning';

/**
 * The planning tabs, each at /planning/{tab} (docs/planning.md#tabs). The first description named all_todos, milestones_view and
 * the action plan; upcoming (open todos due in the next 14 days, overdue ones first) and done
 * (completed todos) are the two views a todo list's user reaches for next.
 */
export const PLANNING_TABS = [
  { id: 'all_todos', label: 'All todos' },
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'done', label: 'Done' },
  { id: 'milestones_view', label: 'Milestones' },
  { id: 'action_plan', label: 'Action plan' },
] as const;

export type PlanningTab = (typeof PLANNING_TABS)[number]['id'];
export const DEFAULT_TAB: PlanningTab = 'all_todos';
export const UPCOMING_DAYS = 14;

export function isPlanningTab(value: string | undefined): value is PlanningTab {
  return PLANNING_TABS.some((t) => t.id === value);
}

export type TodoTab = 'all_todos' | 'upcoming' | 'done';
export const isTodoTab = (tab: PlanningTab): tab is TodoTab => tab === 'all_todos' || tab === 'upcoming' || tab === 'done';

/** The todos a todo tab lists (the server's order: open first, by due date). */
export function todosOf(tab: TodoTab, todos: readonly Todo[], today = localIsoDate()): Todo[] {
  if (tab === 'done') return todos.filter((t) => t.completed);
  if (tab === 'upcoming') {
    const horizon = addDays(today, UPCOMING_DAYS);
    return todos.filter((t) => !t.completed && t.due_date !== null && t.due_date <= horizon);
  }
  return [...todos];
}

/** The file the planning chat is about: {tab}.md, or milestones.md for the milestone view (docs/planning.md#planning-chat). */
export function chatFileName(tab: PlanningTab): string {
  return tab === 'milestones_view' ? 'milestones.md' : `${tab}.md`;
}
