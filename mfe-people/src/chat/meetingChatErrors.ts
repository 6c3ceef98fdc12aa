import { isApiError } from '@cc/client';
import { PEOPLE_MESSAGES as M } from '@cc/contracts/people-rules';

/** The meeting chat's error line (docs/people.md#meetings): the server's error, else a network or a generic one. */
export function meetingChatError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 0) return M.meetingChatNetwork;
    const body = (error.body ?? null) as { error?: unknown; errors?: unknown } | null;
    if (typeof body?.error === 'string' && body.error.trim()) return body.error;
    const errors = Array.isArray(body?.errors) ? body.errors.filter((e): e is string => typeof e === 'string' && e.trim() !== '') : [];
    if (errors.length > 0) return errors.join(' ');
  } else if (error instanceof TypeError) {
    return M.meetingChatNetwork;
  }
  return M.meetingChatTrouble;
}
