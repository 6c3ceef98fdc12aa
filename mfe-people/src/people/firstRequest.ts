import { api, createClient, earlyRead } from '@cc/client';
import { fetchPeople, type PersonSummary } from '../api/people';

/**
 * The page's first `GET /people`, started before React has rendered and committed the page: on
 * a cold visit the answer then travels while the page's code downloads and renders
 * (bench/modules/people.ts). The shell sends it from its entry chunk when the address is
 * /people (shell/src/remotes/firstPageRequest.ts); otherwise this module sends it as soon as the
 * page's code arrives (it is evaluated with the exposed page).
 *
 * Only for a visit that opens /people itself, and taken once, by the list's first load, and only
 * while fresh; anything else (a later visit, Retry, another mount) asks the server as before.
 */
const PAGE_PATH = '/people';
/** Where the shell leaves a request it sent (FIRST_PAGE_REQUEST in the shell). */
const SHELL_REQUEST = Symbol.for('cc.shell.firstPageRequest');

interface ShellRequest {
  path: string;
  at: number;
  response: Promise<Response>;
}

const first = earlyRead<PersonSummary[]>();

/** The shell's request for this page, once: read through the client, so its errors are the usual ones. */
function fromShell(): Promise<PersonSummary[]> | null {
  const slot = globalThis as { [SHELL_REQUEST]?: ShellRequest };
  const sent = slot[SHELL_REQUEST];
  if (!sent || sent.path !== PAGE_PATH) return null;
  delete slot[SHELL_REQUEST];
  const client = createClient({ fetch: () => sent.response });
  return client.get<PersonSummary[]>(PAGE_PATH, { redirectOnUnauthorized: false });
}

export function startFirstPeopleRequest(): void {
  if (typeof window === 'undefined' || window.location?.pathname !== PAGE_PATH) return;
  // The shell may load the page's code before it knows the session: a 401 must not send
  // anyone anywhere from here (the list's own request does that, see takeFirstPeopleRequest).
  first.start(PAGE_PATH, () => fromShell() ?? api.get<PersonSummary[]>(PAGE_PATH, { redirectOnUnauthorized: false }));
}

/** The first request's answer if it is there to take (once); a 401 asks again, the usual way. */
export function takeFirstPeopleRequest(signal: AbortSignal): Promise<PersonSummary[]> | null {
  return first.take(PAGE_PATH, () => fetchPeople(signal));
}
