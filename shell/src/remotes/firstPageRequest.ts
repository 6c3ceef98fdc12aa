import type { FirstPageRead } from '@cc/contracts/pages';
import { takeEarlyRead } from '../earlyRequests';
import { remotePageAt } from '../routes';

/**
 * A page's first reads, sent with the session probe by index.html's inline script as the page
 * starts (earlyRequests.ts; by the entry chunk, index.ts, where there is no such script), so that on a
 * cold visit their answers travel while the shell's and the page's code download instead of after
 * them (bench/modules/people.ts, planning.ts). The route table names them as calls
 * (`firstRequests: ['GET /people']`, declared by the page's owner); once someone is signed in,
 * FirstPageQuery hands each response to the QueryClient as that call's query, where the page's
 * `useQuery` finds it.
 *
 * No @cc/client here: the entry chunk comes before the shared modules are negotiated. GETs: no
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

let sent: FirstPageRequest[] = [];

/** The URL of a first read: its path (a first read takes no params, see FirstPageRead). */
export const firstRequestPath = (key: FirstPageRead) => key.slice(key.indexOf(' ') + 1);

export function startFirstPageRequests(pathname: string): void {
  const keys = remotePageAt(pathname)?.firstRequests ?? [];
  if (!keys.length || typeof fetch !== 'function') return;
  sent = keys.map((key) => {
    // Sent already by index.html's inline script, while main.js was on its way (earlyRequests.ts).
    const early = takeEarlyRead(firstRequestPath(key));
    if (early) return { key, ...early };
    const response = fetch(firstRequestPath(key), { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    // Read (or dropped) by FirstPageQuery; never an unhandled rejection.
    response.catch(() => undefined);
    return { key, at: performance.now(), response };
  });
}

/** The early requests, once; empty when none were sent (or they were taken already). */
export function takeFirstPageRequests(): FirstPageRequest[] {
  const taken = sent;
  sent = [];
  return taken;
}
