import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, createClient } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import { useSession } from '../session/SessionProvider';
import { FIRST_REQUEST_MAX_AGE_MS, takeFirstPageRequests, type FirstPageRequest } from './firstPageRequest';

/** The early response read through the client, so its answer and its errors are any call's. */
const readEarly = (early: FirstPageRequest, signal: AbortSignal) =>
  createClient({ fetch: () => early.response }).call(early.key, undefined, { signal, redirectOnUnauthorized: false });

/**
 * Puts the early request's answer in the cache as the query of its call (`routeQuery(key)`), so
 * the page's `useQuery(routeQuery(key))` finds it instead of asking again. Too old, or failed
 * (a network error, a 5xx): the query asks the server the usual way instead.
 */
export function prefetchFirstPage(queryClient: QueryClient, early: FirstPageRequest, now = performance.now()): Promise<void> {
  const fresh = now - early.at <= FIRST_REQUEST_MAX_AGE_MS;
  return queryClient.prefetchQuery({
    ...routeQuery(early.key),
    queryFn: async ({ signal }) => {
      if (fresh) {
        try {
          return await readEarly(early, signal);
        } catch {
          // Asked again below, the usual way.
        }
      }
      return api.call(early.key, undefined, { signal });
    },
  });
}

/**
 * Hands the entry chunk's early requests to the QueryClient once the session is known: the
 * SessionProvider clears the cache when an account signs in (what it held may be another
 * account's), so an answer put there before would be dropped. Signed out, the answer is dropped
 * (the visitor goes to sign in; the page asks for itself later).
 */
export function FirstPageQuery() {
  const { state } = useSession();
  const queryClient = useQueryClient();
  const known = state.status === 'signed-in' ? 'in' : state.status === 'loading' ? null : 'out';
  useEffect(() => {
    if (!known) return;
    const early = takeFirstPageRequests();
    if (known === 'in') for (const request of early) void prefetchFirstPage(queryClient, request);
  }, [known, queryClient]);
  return null;
}
