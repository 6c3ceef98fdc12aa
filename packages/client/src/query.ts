/**
 * Server state in the browser: TanStack Query over the typed client. One QueryClient (the
 * shell's, shared with every remote through Module Federation) holds every answer; a query's
 * key is its route-table call and input, so a write invalidates the reads it changes by key.
 */
import { QueryClient, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api, type ApiClient, type RequestOptions } from './index';
import { ApiError } from './errors';
import type { CallAnswer, CallInput, InputArgs, ReadRouteKey, RouteKey } from './routes';

/**
 * The cache key of a read: `[route key, params, query]`. `[route key]` alone matches every
 * read of that call (all people, all files), which is what a write usually invalidates.
 */
export function routeKey<K extends ReadRouteKey>(key: K, input?: CallInput<K>): QueryKey {
  if (!input) return [key];
  const { params, query } = input as { params?: unknown; query?: unknown };
  return query === undefined ? [key, params ?? {}] : [key, params ?? {}, query];
}

/**
 * The query of a read call: its key and its fetcher (aborted when no component needs it any
 * more). Use with `useQuery(routeQuery(...))`, `prefetchQuery` and `ensureQueryData`.
 */
export function routeQuery<K extends ReadRouteKey>(key: K, ...args: [...InputArgs<K>, options?: RequestOptions & { client?: ApiClient }]) {
  const [input, options] = args as unknown as [CallInput<K> | undefined, (RequestOptions & { client?: ApiClient }) | undefined];
  const client = options?.client ?? api;
  return queryOptions({
    queryKey: routeKey(key, input),
    queryFn: ({ signal }) =>
      (client.call as (k: K, i: unknown, o: RequestOptions) => Promise<CallAnswer<K>>)(key, input, { ...options, signal }),
  });
}

/** Client errors (4xx) say the request itself is wrong or not allowed: asking again will not help. */
function worthRetrying(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/**
 * The one QueryClient of a page. Answers stay fresh for a while (the services tell the page of
 * changes it made itself by invalidation), focus does not refetch (autosaving editors must not
 * be overwritten under the cursor), and only server or network failures are retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: 5 * 60_000, refetchOnWindowFocus: false, retry: worthRetrying },
      mutations: { retry: false },
    },
  });
}

/** Invalidates every cached read of these calls (any params): after a write that changes them. */
export function invalidateRoutes(client: QueryClient, ...keys: ReadRouteKey[]): Promise<void> {
  return Promise.all(keys.map((key) => client.invalidateQueries({ queryKey: [key] }))).then(() => undefined);
}

export type { RouteKey };
