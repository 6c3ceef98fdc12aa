import { PAGE_ROUTES, type FirstPageRead } from '@cc/contracts/pages';

/**
 * A page's first read, sent from the entry chunk with the session probe (index.ts), so that on a
 * cold visit its answer travels while the shell's and the page's code download instead of after
 * them (bench/modules/people.ts). The route table names it as a call (`firstRequest: 'GET
 * /people'`, declared by the page's owner); once someone is signed in, FirstPageQuery hands the
 * response to the QueryClient as that call's query, where the page's `useQuery` finds it.
 *
 * No @cc/client here: the entry chunk comes before the shared modules are negotiated. A GET: no
 * CSRF token is needed, so none is waited for.
 */

/** Older than this, the early answer may predate a change made in another tab: the page asks again. */
export const FIRST_REQUEST_MAX_AGE_MS = 5_000;

export interface FirstPageRequest {
  /** The call asked for. */
  key: FirstPageRead;
  /** performance.now() when it left. */
  at: number;
  response: Promise<Response>;
}

let sent: FirstPageRequest | null = null;

/** The URL of a first read: its path (a first read takes no params, see FirstPageRead). */
export const firstRequestPath = (key: FirstPageRead) => key.slice(key.indexOf(' ') + 1);

export function startFirstPageRequest(pathname: string): void {
  const key = PAGE_ROUTES.find((page) => page.path === pathname)?.firstRequest;
  if (!key || typeof fetch !== 'function') return;
  const response = fetch(firstRequestPath(key), { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  // Read (or dropped) by FirstPageQuery; never an unhandled rejection.
  response.catch(() => undefined);
  sent = { key, at: performance.now(), response };
}

/** The early request, once; null when none was sent (or it was taken already). */
export function takeFirstPageRequest(): FirstPageRequest | null {
  const taken = sent;
  sent = null;
  return taken;
}
