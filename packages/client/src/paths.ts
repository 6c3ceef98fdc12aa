/** Where a signed-out user is sent, and where they may be sent back to. */

export const DEFAULT_NEXT_PATH = '/dashboard';
export const SIGN_IN_PATH = '/sign-in';

/**
 * Only a same-origin path ("/planning?tab=x") is a safe place to go after signing in.
 * Anything else (absolute URLs, protocol-relative "//host", "/\\host", other schemes,
 * control characters) falls back to /dashboard.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) return DEFAULT_NEXT_PATH;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_NEXT_PATH;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return DEFAULT_NEXT_PATH;
  try {
    const base = 'http://same-origin.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return DEFAULT_NEXT_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_NEXT_PATH;
  }
}

/** `/sign-in?next=<path>`, the page a signed-out user is sent to. */
export function signInPath(next?: string | null): string {
  if (!next || next === '/' || next.startsWith(SIGN_IN_PATH)) return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`;
}
