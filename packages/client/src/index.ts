/**
 * The one fetch wrapper every micro-frontend uses (DESIGN.md §1, §3).
 *
 * - same-origin cookies, `Accept: application/json` (the gateway tells API calls from page
 *   navigations by the Accept header, so a bare fetch would get the shell's HTML);
 * - JSON bodies with `Content-Type: application/json` on writes;
 * - `X-CSRF-Token` from `<meta name="csrf-token">` on every non-GET request;
 * - `{success:false, errors:[...]}` (or `error`) answers, HTTP errors and network failures
 *   all become an `ApiError`;
 * - a 401 sends the user to `/sign-in?next=<current page>` unless the call opts out.
 *
 * This module deliberately imports nothing at run time (not even @cc/contracts, which
 * would pull zod into every page): `client.test.ts` checks the header name against it.
 */

export const CSRF_META_NAME = 'csrf-token';
/** Same header as `CSRF_HEADER` in @cc/contracts (header names are case-insensitive). */
export const CSRF_HEADER_NAME = 'X-CSRF-Token';
export const DEFAULT_NEXT_PATH = '/dashboard';
export const SIGN_IN_PATH = '/sign-in';
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any failed call: an error answer from the server, an HTTP error, or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The server's messages (or one message describing the failure). */
  readonly errors: string[];
  /** The parsed answer body, when there was one. */
  readonly body: unknown;

  constructor(status: number, errors: string[], body?: unknown) {
    const list = errors.length > 0 ? errors : [`Request failed with status ${status}`];
    super(list.join(', '));
    this.status = status;
    this.errors = list;
    this.body = body;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The user-facing text of any error a call may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}

/**
 * Only a same-origin path ("/planning?tab=x") is a safe place to go after signing in.
 * Anything else (absolute URLs, protocol-relative "//host", "/\\host", other schemes,
 * control characters) falls back to /dashboard.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) return DEFAULT_NEXT_PATH;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_NEXT_PATH;
  // eslint-disable-next-line no-control-regex
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

/* ------------------------------------------------------------------ CSRF meta tag */

/** The part of `document` this module touches (injectable so tests run without a DOM). */
export interface DocumentLike {
  querySelector(selectors: string): { getAttribute(name: string): string | null; setAttribute(name: string, value: string): void } | null;
  createElement(tag: string): { setAttribute(name: string, value: string): void };
  head: { appendChild(node: never): unknown } | null;
}

function defaultDocument(): DocumentLike | undefined {
  return typeof document === 'undefined' ? undefined : (document as unknown as DocumentLike);
}

const META_SELECTOR = `meta[name="${CSRF_META_NAME}"]`;

/** The CSRF token from `<meta name="csrf-token">`, or null. */
export function getCsrfToken(doc: DocumentLike | undefined = defaultDocument()): string | null {
  const meta = doc?.querySelector(META_SELECTOR);
  const value = meta?.getAttribute('content');
  return value ? value : null;
}

/** Writes the session's CSRF token into `<meta name="csrf-token">`, creating the tag if needed. */
export function setCsrfToken(token: string | null, doc: DocumentLike | undefined = defaultDocument()): void {
  if (!doc) return;
  let meta = doc.querySelector(META_SELECTOR);
  if (!meta) {
    const created = doc.createElement('meta');
    created.setAttribute('name', CSRF_META_NAME);
    doc.head?.appendChild(created as never);
    meta = doc.querySelector(META_SELECTOR) ?? (created as unknown as typeof meta);
  }
  meta?.setAttribute('content', token ?? '');
}

/* ------------------------------------------------------------------ the client */

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Added to the path as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the user to /sign-in on a 401 (default true). The shell's session probe turns it off. */
  redirectOnUnauthorized?: boolean;
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

function errorsFrom(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const record = body as { errors?: unknown; error?: unknown; message?: unknown };
  if (Array.isArray(record.errors)) {
    return record.errors
      .map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' && 'message' in e ? String((e as { message: unknown }).message) : String(e)))
      .filter((e) => e.length > 0);
  }
  if (typeof record.errors === 'string' && record.errors) return [record.errors];
  if (typeof record.error === 'string' && record.error) return [record.error];
  if (record.error && typeof record.error === 'object' && 'message' in record.error) {
    return [String((record.error as { message: unknown }).message)];
  }
  return [];
}

function statusText(status: number): string {
  if (status === 401) return 'You need to sign in first';
  if (status === 403) return 'You are not allowed to do that';
  if (status === 404) return 'Not found';
  if (status === 413) return 'The request is too large';
  if (status === 429) return 'Too many requests. Please try again later.';
  if (status >= 500) return `The server could not handle the request (${status})`;
  return `Request failed with status ${status}`;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export function createClient(options: ClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const readToken = options.csrfToken ?? (() => getCsrfToken());
  const currentPath = options.currentPath ?? defaultCurrentPath;
  const onUnauthorized = options.onUnauthorized ?? defaultOnUnauthorized;

  async function request<T>(method: HttpMethod, path: string, body?: unknown, req: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    const init: RequestInit = { method, headers, credentials: 'same-origin', signal: req.signal };
    if (body !== undefined && method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (method !== 'GET') {
      const token = readToken();
      if (token) headers[CSRF_HEADER_NAME] = token;
    }

    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, req.query), init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
    }

    let text = '';
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

    if (response.status === 401 && req.redirectOnUnauthorized !== false) {
      onUnauthorized(currentPath());
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

  return {
    request,
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    delete: (path, opts) => request('DELETE', path, opts?.body, opts),
  };
}

/** The same-origin client every remote uses. */
export const api: ApiClient = createClient();
