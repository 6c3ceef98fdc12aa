import { api } from '@cc/client';

export interface Todo {
  id: number;
  title?: string;
  completed?: boolean;
}

export interface TodosAnswer {
  success: true;
  todos: Todo[];
}

/** `GET /planning/todos` (svc-coaching). */
export function fetchTodos(signal?: AbortSignal): Promise<TodosAnswer> {
  return api.get<TodosAnswer>('/planning/todos', { signal });
}
