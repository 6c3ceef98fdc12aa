import type { QueryClient } from '@tanstack/react-query';
import type { CallAnswer } from '@cc/client';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { milestonesQuery } from '../milestones/api/milestones';
import { todosQuery } from '../todos/api/todos';

type TodosAnswer = CallAnswer<'GET /planning/todos'>;
type MilestonesAnswer = CallAnswer<'GET /planning/milestones'>;

/** Changes one todo in the cached list (the row re-renders at once; the others keep their objects). */
function patchTodo(client: QueryClient, id: number, change: (todo: Todo) => Todo): void {
  client.setQueryData<TodosAnswer>(todosQuery().queryKey, (answer) =>
    answer ? { ...answer, todos: answer.todos.map((t) => (t.id === id ? change(t) : t)) } : answer,
  );
}

function patchMilestone(client: QueryClient, id: number, change: (milestone: Milestone) => Milestone): void {
  client.setQueryData<MilestonesAnswer>(milestonesQuery().queryKey, (answer) =>
    answer ? { ...answer, milestones: answer.milestones.map((m) => (m.id === id ? change(m) : m)) } : answer,
  );
}

/** Reads of the lists still on their way predate the change: they must not undo it when they land. */
export const stopListReads = (client: QueryClient) =>
  Promise.all([client.cancelQueries({ queryKey: todosQuery().queryKey }), client.cancelQueries({ queryKey: milestonesQuery().queryKey })]);

/**
 * Shows a todo ticked (or not) before the server has answered, with its milestone's progress
 * moved by one. Answers the undo, for when the server refuses.
 */
export function tickTodo(client: QueryClient, todo: Todo, completed: boolean): () => void {
  const apply = (done: boolean) => {
    patchTodo(client, todo.id, (t) => ({ ...t, completed: done }));
    if (todo.milestone_id !== null) {
      const step = done ? 1 : -1;
      patchMilestone(client, todo.milestone_id, (m) => ({ ...m, progress: { ...m.progress, done: m.progress.done + step } }));
    }
  };
  apply(completed);
  return () => apply(!completed);
}

/** Shows a milestone ticked (or not) before the server has answered; answers the undo. */
export function tickMilestone(client: QueryClient, milestone: Milestone, completed: boolean): () => void {
  patchMilestone(client, milestone.id, (m) => ({ ...m, completed }));
  return () => patchMilestone(client, milestone.id, (m) => ({ ...m, completed: !completed }));
}
