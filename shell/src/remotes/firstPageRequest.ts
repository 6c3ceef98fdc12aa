import { PAGE_ROUTES } from '@cc/contracts/pages';

/**
 * A page's first API request, sent from the entry chunk with the session probe (index.ts), so
 * that on a cold visit its answer travels while the shell's and the page's code download
 * instead of after them (bench/modules/people.ts). The route table names it (`firstRequest`,
 * declared by the page's owner); the page reads the response once, through @cc/client, and asks
 * again itself when it is not there, too old, or a 401 (mfe-people/src/people/firstRequest.ts).
 *
 * Handed over on globalThis (the shell and the remotes are separate bundles), as @cc/ui/storage
 * does with its account. A GET: no CSRF token is needed, so none is waited for.
 */
export const FIRST_PAGE_REQUEST = Symbol.for('cc.shell.firstPageRequest');

export interface FirstPageRequest {
  /** The API path asked for. */
  path: string;
  /** performance.now() when it left. */
  at: number;
  response: Promise<Response>;
}

export function startFirstPageRequest(pathname: string): void {
  const path = PAGE_ROUTES.find((page) => page.path === pathname)?.firstRequest;
  if (!path || typeof fetch !== 'function') return;
  const response = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  // Read (or dropped) by the page; never an unhandled rejection.
  response.catch(() => undefined);
  const request: FirstPageRequest = { path, at: performance.now(), response };
  (globalThis as { [FIRST_PAGE_REQUEST]?: FirstPageRequest })[FIRST_PAGE_REQUEST] = request;
}
