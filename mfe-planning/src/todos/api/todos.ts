import { api } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import { queryOptions } from '@tanstack/react-query';
import { shareListBy } from '../../shared/keepUnchanged';

/** The todo form as sent: tags as the comma-separated text typed, '' for no date or milestone. */
export interface TodoForm {
  title: string;
  due_date: string;
  description: string;
  tags: string;
  milestone_id: number | null;
}

/**
 * `GET /planning/todos` (open first, by due date). A read again keeps the todos that did not
 * change as the same objects, so only the rows that changed re-render.
 */
export const todosQuery = () =>
  queryOptions({ ...routeQuery('GET /planning/todos', undefined, { client: api }), structuralSharing: shareListBy('todos') });

/** `POST /planning/todos {todo{title, due_date, description, tags, milestone_id}}` */
export const createTodo = (todo: TodoForm) => api.call('POST /planning/todos', { body: { todo } });

/** `PATCH /planning/todos/{id}` (same body). */
export const updateTodo = (id: number, todo: TodoForm) => api.call('PATCH /planning/todos/{id}', { params: { id }, body: { todo } });

/** `DELETE /planning/todos/{id}` */
export const deleteTodo = (id: number) => api.call('DELETE /planning/todos/{id}', { params: { id } });

/** `PATCH /planning/todos/{id}/toggle_completed` */
export const toggleTodo = (id: number) => api.call('PATCH /planning/todos/{id}/toggle_completed', { params: { id } });
