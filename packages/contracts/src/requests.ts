/**
 * Rules every request obeys, whichever service answers it: the service kit, the embedded
 * gateway and the generated nginx config all answer with these messages, so a client sees one
 * `{success:false, errors}` shape for every refusal. Zod-free: the browser imports it too.
 */

/** Largest value of a Postgres `integer` (ids, revisions, positions). */
export const PG_INT_MAX = 2_147_483_647;

export const REQUEST_MESSAGES = {
  /** Postgres cannot store U+0000 in text; it usually arrives pasted from a PDF or a binary file. */
  nulCharacter: 'Text cannot contain the invisible NUL character (U+0000). Remove it and try again.',
  badRequest: 'Bad request',
  invalidJson: 'Invalid JSON body',
  badEncoding: 'The request body does not match its Content-Encoding',
  invalidInput: 'The request contains a value that cannot be stored',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  timeout: 'The request took too long to arrive',
  tooLarge: 'Request body is too large',
  uriTooLong: 'The address (URL) is too long',
  unsupportedMediaType: 'Unsupported media type',
  headersTooLarge: 'Request headers are too large',
  unavailable: 'Service unavailable, please try again',
  internal: 'Something went wrong on our side. Please try again.',
  uploadMissing: 'Choose a file to upload.',
  uploadEmpty: 'The file is empty.',
  uploadUnreadable: 'The upload could not be read. Please try again.',
  uploadType: (extensions: string) => `Upload a ${extensions} file.`,
  uploadTooLarge: (limit: string) => `The file is too large (at most ${limit}).`,
  adminOnly: 'Only an administrator can do this.',
} as const;

/** The message of a status that a server, proxy or middleware raises on its own. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: REQUEST_MESSAGES.badRequest,
  404: REQUEST_MESSAGES.notFound,
  405: REQUEST_MESSAGES.methodNotAllowed,
  408: REQUEST_MESSAGES.timeout,
  413: REQUEST_MESSAGES.tooLarge,
  414: REQUEST_MESSAGES.uriTooLong,
  415: REQUEST_MESSAGES.unsupportedMediaType,
  431: REQUEST_MESSAGES.headersTooLarge,
  500: REQUEST_MESSAGES.internal,
  502: REQUEST_MESSAGES.unavailable,
  504: REQUEST_MESSAGES.unavailable,
};

/** `{success:false, errors:[message]}` as JSON text, for answers written outside Koa. */
export function errorBody(status: number, message = STATUS_MESSAGES[status] ?? REQUEST_MESSAGES.badRequest): string {
  return JSON.stringify({ success: false, errors: [message] });
}

/** Whether a string (or any string inside a parsed JSON value) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}
