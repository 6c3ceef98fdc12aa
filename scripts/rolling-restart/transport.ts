import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The browser's network for many simulated users in one Node process. The product's own client
 * code (@cc/client's `api`, the workspace's `saveContent`) runs unchanged: it calls
 * `globalThis.fetch` with a same-origin path and reads the CSRF token from
 * `<meta name="csrf-token">`. Here both come from the user whose code is running (an
 * AsyncLocalStorage context, which follows the autosave's timers and promises): the path is
 * resolved against the gateway, the user's cookie goes along, a Set-Cookie replaces it, and the
 * meta tag answers the user's token. Every request is recorded with its status (0: no answer).
 */

export type RequestKind = 'save' | 'read' | 'other';

export interface RequestRecord {
  kind: RequestKind;
  /** `PATCH /files/{id}`: the route's shape, not the path. */
  route: string;
  /** 0 when no HTTP answer came (connection refused or reset). */
  status: number;
  /** performance.now() when it left, and how long until its headers came. */
  at: number;
  ms: number;
  /** Sent as X-Request-Id (nginx logs it), to find a failed request in .stack/nginx/. */
  requestId: string;
  /** The fetch error's cause, when there was no answer. */
  error?: string;
}

export interface BrowserIdentity {
  cookie: string;
  csrfToken: string;
}

const current = new AsyncLocalStorage<BrowserIdentity>();

/** Runs `work` as `identity`'s browser: every request it (and what it schedules) makes is theirs. */
export function asUser<T>(identity: BrowserIdentity, work: () => T): T {
  return current.run(identity, work);
}

const SESSION_COOKIE = 'cc_session';

/** `/files/123` → `/files/{id}` (ids and dates are the only path parameters this check uses). */
function routeOf(method: string, pathname: string): string {
  return `${method} ${pathname.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
}

function kindOf(method: string, route: string): RequestKind {
  if (route === 'PATCH /files/{id}') return 'save';
  return method === 'GET' ? 'read' : 'other';
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Installs the per-user fetch and document on globalThis. `record` gets every request made in
 * a user's context; requests outside one (sign-up, the final read-back) pass through untouched.
 */
export function installBrowserTransport(baseURL: string, record: (r: RequestRecord) => void): void {
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const identity = current.getStore();
    if (!identity || input instanceof Request) return realFetch(input, init);
    const url = new URL(String(input), baseURL);
    const method = (init?.method ?? 'GET').toUpperCase();
    const requestId = randomUUID();
    const headers = new Headers(init?.headers);
    headers.set('cookie', identity.cookie);
    headers.set('x-request-id', requestId);
    const route = routeOf(method, url.pathname);
    const at = performance.now();
    try {
      const response = await realFetch(url, { ...init, headers });
      record({ kind: kindOf(method, route), route, status: response.status, at, ms: performance.now() - at, requestId });
      const renewed = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      if (renewed) identity.cookie = renewed.split(';')[0]!;
      return response;
    } catch (error) {
      record({ kind: kindOf(method, route), route, status: 0, at, ms: performance.now() - at, requestId, error: causeOf(error) });
      throw error;
    }
  };
  // What @cc/client's getCsrfToken reads: only the meta tag, only its content.
  const meta = { getAttribute: (name: string) => (name === 'content' ? (current.getStore()?.csrfToken ?? null) : null) };
  (globalThis as { document?: unknown }).document = {
    querySelector: (selector: string) => (selector.includes('csrf-token') && current.getStore() ? meta : null),
  };
}
