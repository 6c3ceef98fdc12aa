import type { QueryClient } from '@tanstack/react-query';
import { routeQuery } from '@cc/client/query';
import { storageAccount } from '@cc/ui/storage';

/**
 * `GET /auth/session`, asked without the sign-in redirect (a signed-out answer only means no
 * user to scope by). Kept until sign-out clears the cache.
 */
const sessionQuery = () => ({ ...routeQuery('GET /auth/session', undefined, { redirectOnUnauthorized: false }), staleTime: Infinity });

/**
 * Who is signed in, to keep one person's unsaved drafts from being offered to another on a
 * shared browser: the account the shell gave the storage layer (it follows sign-out and
 * sign-in without a page load), else the session, asked once; '?' when it cannot be told.
 */
export function sessionUserScope(client: QueryClient): Promise<string> {
  const account = storageAccount();
  if (account) return Promise.resolve(account);
  return client.fetchQuery(sessionQuery()).then(
    (answer) => String(answer.user.id),
    () => '?',
  );
}
