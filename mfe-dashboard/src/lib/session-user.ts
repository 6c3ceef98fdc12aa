import { api } from '@cc/client';

let user: Promise<string> | null = null;

/**
 * Who is signed in (`GET /auth/session`), to keep one person's unsaved drafts from being
 * offered to another on a shared browser. Asked once per page; '?' when it cannot be told.
 */
export function sessionUserScope(): Promise<string> {
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
