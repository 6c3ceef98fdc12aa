/**
 * The one fetch wrapper every micro-frontend uses (docs/architecture.md#identity-and-csrf): every request that
 * carries the CSRF token goes through here.
 *
 * - same-origin cookies, `Accept: application/json` (the gateway tells API calls from page
 *   navigations by the Accept header, so a bare fetch would get the shell's HTML);
 * - JSON bodies with `Content-Type: application/json` on writes;
 * - `X-CSRF-Token` from `<meta name="csrf-token">` on every non-GET request;
 * - `{success:false, errors:[...]}` (or `error`) answers, HTTP errors and network failures
 *   all become an `ApiError`;
 * - a 401 sends the user to `/sign-in?next=<current page>` unless the call opts out;
 * - `keepalive` for writes that must outlive the page (page hide, unload);
 * - `onEvent` for answers streamed as Server-Sent Events (framed by eventsource-parser).
 *
 * This module imports nothing of @cc/contracts at run time (it would pull zod into every
 * page): `client.test.ts` checks the header name against it.
 */
import { CSRF_HEADER_NAME, getCsrfToken } from './csrf';
import { ApiError, errorsFrom, isAbort, NETWORK_ERROR_MESSAGE, statusText } from './errors';
import { EVENT_STREAM_TYPE, type ServerEventHandler } from './events';
import { signInPath } from './paths';
import { routeUrl, type CallAnswer, type InputArgs, type RouteKey } from './routes';

export { CSRF_HEADER_NAME, CSRF_META_NAME, getCsrfToken, setCsrfToken, type DocumentLike } from './csrf';
export { earlyRead, EARLY_READ_MAX_AGE_MS, type EarlyRead } from './early-read';
export {
  ApiError,
  errorMessage,
  errorsFrom,
  errorText,
  isApiError,
  NETWORK_ERROR_MESSAGE,
  serverReasons,
  UNKNOWN_ERROR,
  type ErrorTextOptions,
} from './errors';
export { isStreamed, type ServerEvent, type ServerEventHandler, type Streamed } from './events';
export { DEFAULT_NEXT_PATH, SIGN_IN_PATH, safeNextPath, signInPath } from './paths';
export { routeUrl, type CallAnswer, type CallInput, type InputArgs, type ReadRouteKey, type RouteKey } from './routes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Added to the path as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the user to /sign-in on a 401 (default true). The shell's session probe turns it off. */
  redirectOnUnauthorized?: boolean;
  /**
   * The request must outlive the page (fetch `keepalive`: page hide, unload). Browsers cap such
   * bodies at 64 KiB in flight.
   */
  keepalive?: boolean;
  /**
   * Ask for Server-Sent Events (`Accept: text/event-stream`): each event goes to this handler as
   * it arrives, and the call resolves with a `Streamed` (see `isStreamed`). A server that answers
   * JSON instead (e.g. a model that does not stream) is read as any other call.
   */
  onEvent?: ServerEventHandler;
}

export interface ClientOptions {
  /** Prefix for every path, e.g. `http://127.0.0.1:4000` in tests. Default: same origin. */
  baseUrl?: string;
  /** The fetch to use (default: the global one, looked up at call time). */
  fetch?: typeof fetch;
  /** Where the CSRF token comes from (default: the meta tag of `document`). */
  csrfToken?: () => string | null;
  /** The current page, for `next` (default: `window.location` path + search). */
  currentPath?: () => string;
  /** Called on a 401 when redirecting is on. Default: `window.location.assign(signInPath(next))`. */
  onUnauthorized?: (next: string) => void;
}

export interface ApiClient {
  /**
   * A call of the route table, typed by it: `api.call('PATCH /files/{id}', {params: {id}, body})`.
   * Remotes use this (or the queries of `@cc/client/query`), never a hand-written URL.
   */
  call<K extends RouteKey>(key: K, ...args: [...InputArgs<K>, options?: RequestOptions]): Promise<CallAnswer<K>>;
  request<T = unknown>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions & { body?: unknown }): Promise<T>;
}

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  let url = `${baseUrl}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

function defaultCurrentPath(): string {
  if (typeof window === 'undefined' || !window.location) return '/';
  return `${window.location.pathname}${window.location.search}`;
}

let unauthorizedHandler: ((next: string) => void) | undefined;

/**
 * Lets the shell handle a 401 inside the single-page app (clear its session, route to
 * /sign-in) instead of a full page load. Returns a function that removes the handler.
 */
export function setUnauthorizedHandler(handler: ((next: string) => void) | undefined): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = undefined;
  };
}

function defaultOnUnauthorized(next: string): void {
  if (unauthorizedHandler) {
    unauthorizedHandler(next);
    return;
  }
  if (typeof window !== 'undefined' && window.location) window.location.assign(signInPath(next));
}

function isEventStream(response: Response): boolean {
  return (response.headers?.get('content-type') ?? '').toLowerCase().includes(EVENT_STREAM_TYPE);
}

export function createClient(options: ClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const readToken = options.csrfToken ?? (() => getCsrfToken());
  const currentPath = options.currentPath ?? defaultCurrentPath;
  const onUnauthorized = options.onUnauthorized ?? defaultOnUnauthorized;

  async function request<T>(method: HttpMethod, path: string, body?: unknown, req: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: req.onEvent ? EVENT_STREAM_TYPE : 'application/json', ...req.headers };
    const init: RequestInit = { method, headers, credentials: 'same-origin', signal: req.signal };
    if (req.keepalive) init.keepalive = true;
    if (typeof FormData !== 'undefined' && body instanceof FormData) {
      // A multipart upload: the browser writes the Content-Type with its boundary.
      init.body = body;
    } else if (body !== undefined && method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (method !== 'GET') {
      const token = readToken();
      if (token) headers[CSRF_HEADER_NAME] = token;
    }
    // The stream reader and its framing come while the request is on its way (their own chunks).
    const reader = req.onEvent ? import('./read-events') : undefined;
    if (reader) void reader.then((m) => m.loadEventParser()).catch(() => undefined);

    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, req.query), init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
    }

    if (response.status === 401 && req.redirectOnUnauthorized !== false) {
      onUnauthorized(currentPath());
    }
    if (req.onEvent && isEventStream(response)) {
      if (!response.ok) throw new ApiError(response.status, [statusText(response.status)]);
      const { readEvents } = await reader!;
      return (await readEvents(response, req.onEvent)) as T;
    }

    let text: string;
    try {
      text = response.status === 204 ? '' : await response.text();
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
    }
    let parsed: unknown = undefined;
    let parseFailed = false;
    if (text.length > 0) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parseFailed = true;
      }
    }

    if (!response.ok) {
      const errors = errorsFrom(parsed);
      throw new ApiError(response.status, errors.length > 0 ? errors : [statusText(response.status)], parsed);
    }
    if (parsed && typeof parsed === 'object' && (parsed as { success?: unknown }).success === false) {
      const errors = errorsFrom(parsed);
      throw new ApiError(response.status, errors.length > 0 ? errors : ['The request was not successful'], parsed);
    }
    if (parseFailed) {
      // A 2xx that is not JSON (for example the shell's HTML): the call went to the wrong place.
      throw new ApiError(response.status, ['Unexpected answer from the server'], text);
    }
    return parsed as T;
  }

  function call<K extends RouteKey>(key: K, ...args: [...InputArgs<K>, options?: RequestOptions]): Promise<CallAnswer<K>> {
    const [input, options] = args as unknown as [
      { params?: Record<string, string | number>; query?: Record<string, QueryValue>; body?: unknown }?,
      RequestOptions?,
    ];
    const { method, path } = routeUrl(key, input?.params);
    const query = input?.query ? { ...options?.query, ...input.query } : options?.query;
    return request<CallAnswer<K>>(method as HttpMethod, path, input?.body, { ...options, query });
  }

  return {
    request,
    call,
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    delete: (path, opts) => request('DELETE', path, opts?.body, opts),
  };
}

/** The same-origin client every remote uses. */
export const api: ApiClient = createClient();
