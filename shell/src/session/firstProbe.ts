import { SESSION_PROBE_PATH, takeEarlySession } from '../earlyRequests';

/**
 * The start-up session probe (`GET /auth/session`), sent by index.html's inline script as the page
 * starts (earlyRequests.ts; by the entry chunk where there is no such script), before the shell's
 * React code has even arrived, so that its answer travels while that code downloads and
 * evaluates instead of after the first render (bench/modules/frontend.ts). The SessionProvider
 * reads it once (takeFirstProbe); every later probe is its own request.
 *
 * No @cc/client here: the entry chunk comes before the shared modules are negotiated (index.ts);
 * the provider reads the answer through the client, so errors are the client's as before.
 */
let first: Promise<Response> | null = null;

export function startFirstProbe(): Promise<Response> | null {
  // Sent already by index.html's inline script, while main.js was on its way (earlyRequests.ts).
  const early = takeEarlySession();
  if (!early && typeof fetch !== 'function') return null;
  first = early ?? fetch(SESSION_PROBE_PATH, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  // Read (or dropped) by the provider; never an unhandled rejection.
  first.catch(() => undefined);
  return first;
}

/** The first probe's response, once; null when there is none (tests, or already taken). */
export function takeFirstProbe(): Promise<Response> | null {
  const taken = first;
  first = null;
  return taken;
}
