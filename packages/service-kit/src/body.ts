import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { ClientGone, clientLeft } from './errors';

/**
 * JSON request bodies, with koa-body: the library upload.ts parses a route's multipart file
 * with. A body that does not parse is thrown on as it is, and errors.ts answers it in the kit's
 * words: not JSON (400), over `limit` (413), not decoding as its Content-Encoding says (400),
 * an encoding nobody knows (415). `skip` leaves a request's body to its route (RouteSpec.bodyLimit).
 * A client that hangs up before its body is read is a ClientGone (readWhileClientStays), and a
 * body the kit read already is not read again (the stream is over: raw-body's "stream is not
 * readable", a 500).
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
  return async (ctx, next) => {
    if (!PARSED_METHODS.has(ctx.method) || bodiesRead.has(ctx.req) || skip?.(ctx)) return next();
    bodiesRead.add(ctx.req);
    await readWhileClientStays(ctx.req, () => parse(ctx, async () => undefined));
    return next();
  };
}

/** Requests whose body the kit has read (or is reading). */
const bodiesRead = new WeakSet<IncomingMessage>();

/**
 * Runs `read` (a parser of the request's body) unless the client has left, and stops waiting
 * for it when the client leaves midway: a parser would answer that with a 500 (raw-body's
 * "stream is not readable" when the request closed before the read began) or wait forever
 * (a gzipped body, read through a pipe that never hears of the abort; formidable, given a
 * request closed already). Either is a ClientGone (400, logged at debug) instead.
 */
export async function readWhileClientStays(req: IncomingMessage, read: () => Promise<unknown>): Promise<void> {
  // No body to lose (a DELETE without one): the request goes on, its client there or not.
  if (!sendsBody(req)) {
    await read();
    return;
  }
  if (clientLeft(req)) throw new ClientGone();
  let onClose = () => {};
  const left = new Promise<never>((_, reject) => {
    onClose = () => {
      if (clientLeft(req)) reject(new ClientGone());
    };
    req.once('close', onClose);
  });
  try {
    await Promise.race([read(), left]);
  } finally {
    req.off('close', onClose);
  }
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

const sendsBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
