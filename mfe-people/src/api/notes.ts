import { api } from '@cc/client';
import type { Mention } from '@cc/contracts/people';
import type { Todo } from '@cc/contracts/planning';

export type { Mention, Todo };

/** `GET /files/mentions?q=` (svc-files): the user's files and journal entries naming someone, newest first. */
export async function fetchMentions(name: string, signal?: AbortSignal): Promise<Mention[]> {
  return (await api.get<{ success: true; mentions: Mention[] }>('/files/mentions', { query: { q: name }, signal })).mentions;
}

/** `GET /planning/todos` (svc-coaching): open todos first. */
export async function fetchTodos(signal?: AbortSignal): Promise<Todo[]> {
  return (await api.get<{ success: true; todos: Todo[] }>('/planning/todos', { signal })).todos;
}
