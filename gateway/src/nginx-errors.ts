import { errorBody } from '@cc/contracts';
import { type Block, sq } from './nginx-block';

/**
 * nginx's own errors as JSON with an `errors` list, like every other refusal: a malformed
 * request, a body or URL too long, headers too large, an upstream down.
 */

/** Where nginx's own error answers live (internal: a client cannot request them). */
export const ERROR_URI_PREFIX = '/_gateway/errors/';

/**
 * The statuses nginx raises itself, each answered with JSON from an internal location: 494 is
 * nginx's "request header too large" (sent as 400 by default), answered as 431. A URI, not a
 * named location: a request whose line did not parse has no URI, and nginx refuses to redirect
 * it to a named location (answering its own HTML 500 instead).
 */
export const NGINX_OWN_ERRORS = [
  { status: 400, answer: 400 },
  { status: 405, answer: 405 },
  { status: 408, answer: 408 },
  { status: 413, answer: 413 },
  { status: 414, answer: 414 },
  { status: 494, answer: 431 },
] as const;

/**
 * `error_page` is inherited only by blocks that set none of their own, so every block that
 * sets one repeats the whole list.
 */
export function jsonErrorPages(b: Block, opts: { notFound?: boolean } = {}): void {
  for (const { status } of NGINX_OWN_ERRORS) b.d('error_page', `${status} = ${ERROR_URI_PREFIX}${status}`);
  if (opts.notFound) b.d('error_page', '404 = @not_found');
  b.d('error_page', '502 504 = @unavailable');
}

/** The internal locations that answer each of nginx's own errors (`headers` adds the page headers). */
export function jsonErrorLocations(server: Block, headers: (l: Block) => void): void {
  for (const { status, answer } of NGINX_OWN_ERRORS) {
    server.b('location', `= ${ERROR_URI_PREFIX}${status}`, (l) => {
      l.d('internal', '')
        .b('types', '', () => {})
        .d('default_type', 'application/json');
      headers(l);
      l.d('return', `${answer} ${sq(errorBody(answer))}`);
    });
  }
}
