import { api, earlyRead, type CallAnswer } from '@cc/client';
import type { QueryClient } from '@tanstack/react-query';
import { milestonesQuery } from '../../milestones/api/milestones';
import { todosQuery } from '../../todos/api/todos';

/**
 * The page's two lists, asked for as soon as its code arrives (this module is evaluated with the
 * exposed page), not after React has rendered and committed it: the shell may load the code
 * before it knows the session, so on a cold visit the answers travel while it asks and the page
 * renders (bench/modules/planning.ts). The page hands them to the QueryClient as the prefetch of
 * its two queries, whose `useQuery` then finds them on their way. Only for a visit that opens
 * /planning.
 */
const PAGE = /^\/planning(\/|$)/i;

const todos = earlyRead<CallAnswer<'GET /planning/todos'>>();
const milestones = earlyRead<CallAnswer<'GET /planning/milestones'>>();
// A 401 here must not send anyone anywhere (the session may not be known yet): taking it asks again, the usual way.
const quiet = { redirectOnUnauthorized: false };

export function startFirstListRequests(): void {
  if (typeof window === 'undefined' || !PAGE.test(window.location?.pathname ?? '')) return;
  todos.start('todos', () => api.call('GET /planning/todos', undefined, quiet));
  milestones.start('milestones', () => api.call('GET /planning/milestones', undefined, quiet));
}

/** Gives the early requests, once and while fresh, to the page's QueryClient. Called by the page's first render, before its queries. */
export function prefetchFirstLists(client: QueryClient): void {
  const todosAnswer = todos.take('todos', () => api.call('GET /planning/todos'));
  if (todosAnswer) void client.prefetchQuery({ ...todosQuery(), queryFn: () => todosAnswer });
  const milestonesAnswer = milestones.take('milestones', () => api.call('GET /planning/milestones'));
  if (milestonesAnswer) void client.prefetchQuery({ ...milestonesQuery(), queryFn: () => milestonesAnswer });
}
