import { api } from '@cc/client';
import { storageAccount } from '@cc/ui/storage';

let user: Promise<string> | null = null;

/**
 * Who is signed in, to keep one person's unsaved drafts from being offered to another on a
 * shared browser: the account the shell gave the storage layer (it follows sign-out and
 * sign-in without a page load), else `GET /auth/session` once per page; '?' when it cannot be told.
 */
export function sessionUserScope(): Promise<string> {
  const account = storageAccount();
  if (account) return Promise.resolve(account);
  user ??= api.get<{ user?: { id?: number | string } }>('/auth/session', { redirectOnUnauthorized: false }).then(
    (answer) => (answer?.user?.id !== undefined ? String(answer.user.id) : '?'),
    () => {
      user = null;
      return '?';
    },
  );
  return user;
}

/** Tests: forget the cached answer. */
export function resetSessionUserScope(): void {
  user = null;
}
