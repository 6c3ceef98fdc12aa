import type Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';

/**
 * JSON request bodies, with koa-body: the library upload.ts parses a route's multipart file
 * with. A body that does not parse is thrown on as it is, and errors.ts answers it in the kit's
 * words: not JSON (400), over `limit` (413), not decoding as its Content-Encoding says (400),
 * an encoding nobody knows (415). `skip` leaves a request's body to its route (RouteSpec.bodyLimit).
 */
export function jsonBody(limit: string, skip?: (ctx: Koa.Context) => boolean): Koa.Middleware {
  const parse = koaBody({
    json: true,
    multipart: false,
    urlencoded: false,
    text: false,
    jsonLimit: limit,
    // DELETE too: `DELETE /auth/account` carries the password (koa-body reads only POST, PUT and PATCH unless told).
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    onError: (err) => {
      throw withFields(err);
    },
  });
  // koa-body would type-check every request's Content-Type before finding a GET has no body to
  // parse (a profile of GET /files showed it): a method it does not parse goes straight on.
  return (ctx, next) => (!PARSED_METHODS.has(ctx.method) || skip?.(ctx) ? next() : parse(ctx, next));
}

const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * koa-body hands an `Error` on, but makes anything else a new Error whose message is the thrown
 * value as JSON: a plain object, or zlib's error for a body that does not inflate when it comes
 * from another realm than koa-body's (jest runs tests in a VM context). Give it back the fields
 * errors.ts tells failures apart by.
 */
function withFields(err: Error): Error {
  if (err.name !== 'object') return err;
  try {
    const { code, status, statusCode, type } = JSON.parse(err.message) as Record<string, unknown>;
    return Object.assign(err, { code, status, statusCode, type });
  } catch {
    return err;
  }
}
