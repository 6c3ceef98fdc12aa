import { keepPreviousData } from '@tanstack/react-query';
import { routeQuery } from '@cc/client/query';

/** What the contract accepts as `q` (`searchQuery` in @cc/contracts): trimmed, spaces collapsed, at most 200 characters. */
export const QUERY_MAX = 200;
export const normalizeQuery = (text: string): string => text.trim().replace(/\s+/g, ' ').slice(0, QUERY_MAX);

/**
 * `GET /search` for one query. The previous answer stays on screen while the next one loads
 * (no flash of "Searching…" at each keystroke); a query the palette no longer shows is aborted
 * (routeQuery hands its signal to fetch). Results are never fresh for long: a note saved a
 * moment ago must be findable, and each answer is kept only a minute after the palette closes.
 */
export function searchQuery(q: string) {
  return {
    ...routeQuery('GET /search', { query: { q } }),
    enabled: q.length > 0,
    staleTime: 0,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
    // One quick retry: a search is typed again anyway, and "Search failed" with Retry beats waiting.
    retry: 1,
    retryDelay: 300,
  };
}
