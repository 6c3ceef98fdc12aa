/** How a failed call reaches its caller: one error type, the server's messages, a status (0: no answer). */

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

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

/** The product's word for a refusal that gave no reason. */
export const UNKNOWN_ERROR = 'Unknown error';

export interface ErrorTextOptions {
  /** Before the server's reasons: 'Error: ', 'Error creating folder: '. */
  prefix?: string;
  /** Between two reasons (default ', '). */
  separator?: string;
  /** The server answered without a reason of its own (default 'Unknown error', after the prefix). */
  unknown?: string;
  /** The whole text when no answer came (a network failure). Default: the prefix and what went wrong. */
  fallback?: string;
}

/**
 * The server's reasons for a failed call: the `errors` of its failure answer (the kit's one
 * shape). None when no answer came or it gave none.
 */
export function serverReasons(error: unknown): string[] {
  return error instanceof ApiError && error.status !== 0 ? errorsFrom(error.body) : [];
}

/**
 * The one way a failed call becomes a line for the user, in the product's texts: when the
 * server answered, `prefix` and its reasons joined (`unknown` when it gave none), e.g.
 * 'Error: ' + reasons or 'Unknown error'; when no answer came, `fallback` (e.g. 'Error
 * creating folder.').
 */
export function errorText(error: unknown, options: ErrorTextOptions = {}): string {
  const { prefix = '', separator = ', ', unknown = UNKNOWN_ERROR, fallback } = options;
  if (!(error instanceof ApiError) || error.status === 0) return fallback ?? `${prefix}${errorMessage(error)}`;
  const reasons = serverReasons(error);
  return `${prefix}${reasons.length > 0 ? reasons.join(separator) : unknown}`;
}

export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The messages of an error answer: `errors` (strings or `{message}`). Our services always send
 * `errors`; a lone `error` is read too, for an answer from something else on the way.
 */
export function errorsFrom(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const record = body as { errors?: unknown; error?: unknown; message?: unknown };
  if (Array.isArray(record.errors)) {
    return record.errors
      .map((e) =>
        typeof e === 'string' ? e : e && typeof e === 'object' && 'message' in e ? String((e as { message: unknown }).message) : String(e),
      )
      .filter((e) => e.length > 0);
  }
  if (typeof record.errors === 'string' && record.errors) return [record.errors];
  if (typeof record.error === 'string' && record.error) return [record.error];
  if (record.error && typeof record.error === 'object' && 'message' in record.error) {
    return [String((record.error as { message: unknown }).message)];
  }
  return [];
}

/** What to say when an error answer has no message of its own. */
export function statusText(status: number): string {
  if (status === 401) return 'You need to sign in first';
  if (status === 403) return 'You are not allowed to do that';
  if (status === 404) return 'Not found';
  if (status === 413) return 'The request is too large';
  if (status === 429) return 'Too many requests. Please try again later.';
  if (status >= 500) return `The server could not handle the request (${status})`;
  return `Request failed with status ${status}`;
}
