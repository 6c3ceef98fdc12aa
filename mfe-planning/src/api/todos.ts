import { api } from '@cc/client';
import type { TodosAnswer, TodoWriteAnswer } from '@cc/contracts/planning';

/** The todo form as sent: tags as the comma-separated text typed, '' for no date or milestone. */
export interface TodoForm {
  title: string;
  due_date: string;
  description: string;
  tags: string;
  milestone_id: number | null;
}

const todoPath = (id: number) => `/planning/todos/${id}`;

/** `GET /planning/todos` (open first, by due date). */
export function fetchTodos(signal?: AbortSignal): Promise<TodosAnswer> {
  return api.get<TodosAnswer>('/planning/todos', { signal });
}

/** `POST /planning/todos {todo{title, due_date, description, tags, milestone_id}}` */
export function createTodo(todo: TodoForm): Promise<TodoWriteAnswer> {
  return api.post<TodoWriteAnswer>('/planning/todos', { todo });
}

/** `PATCH /planning/todos/{id}` (same body). */
export function updateTodo(id: number, todo: TodoForm): Promise<TodoWriteAnswer> {
  return api.patch<TodoWriteAnswer>(todoPath(id), { todo });
}

/** `DELETE /planning/todos/{id}` */
export function deleteTodo(id: number): Promise<unknown> {
  return api.delete(todoPath(id));
}

/** `PATCH /planning/todos/{id}/toggle_completed` */
export function toggleTodo(id: number): Promise<TodoWriteAnswer> {
  return api.patch<TodoWriteAnswer>(`${todoPath(id)}/toggle_completed`);
}
