import type { SessionAnswer } from '@cc/contracts';
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
/** The first probe's answer once read, when it says who is signed in (readFirstAnswer). */
let answered: SessionAnswer | null = null;

export function startFirstProbe(): Promise<Response> | null {
  // Sent already by index.html's inline script, while main.js was on its way (earlyRequests.ts).
  const early = takeEarlySession();
  if (!early && typeof fetch !== 'function') return null;
  first = early ?? fetch(SESSION_PROBE_PATH, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  // Read (or dropped) by the provider; never an unhandled rejection.
  first.catch(() => undefined);
  void readFirstAnswer(first);
  return first;
}

/**
 * Reads a signed-in answer as soon as it lands. On a cold visit it lands while the shell's code is
 * still on its way, so the provider's first render already knows who is signed in
 * (takeFirstAnswer): the page renders at once, without a frame of "Loading your workspace…" and
 * the commit, paint and effect that stood between it and the page. A copy is read: the provider
 * still reads the response itself when it starts before this is done.
 */
async function readFirstAnswer(probe: Promise<Response>): Promise<void> {
  try {
    const response = await probe;
    if (response.status !== 200) return;
    const body: unknown = await response.clone().json();
    if (probe === first && isSignedIn(body)) answered = body;
  } catch {
    // The provider reads the response itself and says what went wrong.
  }
}

/**
 * The shape of `sessionAnswerSchema` (@cc/contracts), checked by hand: this module runs in the
 * entry chunk, before the async boundary, where the shared @cc/contracts and zod cannot be loaded.
 * Anything else (a 200 that is not this) is left to the provider's own read.
 */
function isSignedIn(body: unknown): body is SessionAnswer {
  const answer = body as Partial<SessionAnswer> | null;
  const user = answer?.user;
  return (
    answer?.success === true &&
    typeof answer.csrf_token === 'string' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'number' &&
    typeof user.email === 'string' &&
    typeof user.is_admin === 'boolean'
  );
}

/**
 * The first probe's signed-in answer when it has already been read, once; the probe is then
 * used (takeFirstProbe gives null). Null while it is on its way, or when nobody is signed in.
 */
export function takeFirstAnswer(): SessionAnswer | null {
  const taken = answered;
  if (taken) {
    answered = null;
    first = null;
  }
  return taken;
}

/** The first probe's response, once; null when there is none (tests, or already taken). */
export function takeFirstProbe(): Promise<Response> | null {
  const taken = first;
  first = null;
  answered = null;
  return taken;
}
