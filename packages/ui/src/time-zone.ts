import type { QueryClient } from '@tanstack/react-query';
import { routeQuery } from '@cc/client/query';

/** The zone this browser is in ('Europe/Berlin'); UTC when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The user's zone: the one chosen in Settings → Calendar (`GET /auth/calendar`, the zone the
 * calendar feed writes meetings in, so a meeting made from an invite comes back at the same
 * time; docs/calendar.md#settings), else the browser's, also when the settings cannot be read.
 */
export async function userTimeZone(queryClient: QueryClient): Promise<string> {
  try {
    const { calendar } = await queryClient.fetchQuery({ ...routeQuery('GET /auth/calendar'), staleTime: 0, retry: false });
    return calendar.time_zone || browserTimeZone();
  } catch {
    return browserTimeZone();
  }
}
