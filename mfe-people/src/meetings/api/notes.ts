import type { QueryClient } from '@tanstack/react-query';
import { api, type CallAnswer } from '@cc/client';
import { invalidateRoutes, routeQuery } from '@cc/client/query';
import type { Mention } from '@cc/contracts/people';
import type { Todo } from '@cc/contracts/planning';

export type { Mention, Todo };

/** `GET /files/mentions?q=` (svc-files): the user's files and journal entries naming someone, newest first. */
export const mentionsQuery = (name: string) => routeQuery('GET /files/mentions', { query: { q: name } });

/** `GET /planning/todos` (svc-coaching): open todos first. The planning page reads the same query. */
export const todosQuery = () => routeQuery('GET /planning/todos');

/** A todo made from somewhere else (a meeting's follow-up), with the link back to it (what `POST /planning/todos` takes as todo{…}). */
export interface SourcedTodo {
  title: string;
  description: string;
  source_key: string;
  source_label: string;
  source_url: string;
}

/**
 * `POST /planning/todos` (svc-coaching): a known source_key answers the todo made before
 * (`duplicate: true`). Planning's list has changed.
 */
export async function sendTodo(queryClient: QueryClient, todo: SourcedTodo): Promise<{ todo: Todo; duplicate: boolean }> {
  const answer: CallAnswer<'POST /planning/todos'> = await api.call('POST /planning/todos', { body: { todo } });
  void invalidateRoutes(queryClient, 'GET /planning/todos');
  return { todo: answer.todo, duplicate: 'duplicate' in answer && answer.duplicate === true };
}
