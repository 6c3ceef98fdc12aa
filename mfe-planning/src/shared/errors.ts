import { isApiError } from '@cc/client';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';

/**
 * The alert for a failed change (docs/planning.md#messages): when the server refused it with its reasons,
 * 'Error: ' and those reasons joined with ', ' ('Unknown error' when it gave none); when no
 * answer came (network, server failure), the action's own line, e.g. 'Error saving todo'.
 */
export function changeErrorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    const body = error.body as { errors?: unknown } | undefined;
    const reasons = Array.isArray(body?.errors) ? body.errors.filter((e): e is string => typeof e === 'string' && e !== '') : [];
    return `${M.errorPrefix}${reasons.length > 0 ? reasons.join(', ') : M.unknownError}`;
  }
  return fallback;
}

/** The server's reasons for a refusal, joined (for messages that add their own prefix). */
export function reasonsOf(error: unknown): string {
  if (isApiError(error)) return error.errors.join(', ');
  return error instanceof Error && error.message ? error.message : M.unknownError;
}
