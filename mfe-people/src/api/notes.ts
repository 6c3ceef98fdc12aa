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

/** A todo made from somewhere else (a meeting's follow-up), with the link back to it. */
export interface SourcedTodo {
  title: string;
  description: string;
  source_key: string;
  source_label: string;
  source_url: string;
}

/** `POST /planning/todos` (svc-coaching): a known source_key answers the todo made before (`duplicate: true`). */
export async function sendTodo(todo: SourcedTodo): Promise<{ todo: Todo; duplicate: boolean }> {
  const answer = await api.post<{ success: true; todo: Todo; duplicate?: true }>('/planning/todos', { todo });
  return { todo: answer.todo, duplicate: answer.duplicate === true };
}
