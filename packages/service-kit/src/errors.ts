import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { failureBody, matchRoute, REQUEST_MESSAGES, STATUS_MESSAGES, type HttpMethod } from '@cc/contracts';

/**
 * An error whose messages are safe to show to the client. The kit answers it as
 * `{success:false, errors}` (see `failureBody` in @cc/contracts); `extra` holds the keys the
 * route documents beside them (a stale save's `current`).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(errors.join(', '));
  }
}

export const httpError = (status: number, ...errors: string[]) => new HttpError(status, errors);

/**
 * The client hung up before its whole body arrived (a page reloaded mid-save, a cancelled
 * upload). A client error: answered 400 like raw-body's `request.aborted`, though nobody is
 * left to read it, and logged at debug only: it is no fault of the service.
 */
export class ClientGone extends HttpError {
  constructor() {
    super(400, [REQUEST_MESSAGES.badRequest]);
  }
}

/**
 * Whether the connection of `req` closed before its body was read to the end: cut off midway,
 * or sent whole but not read yet (a proxy hangs up when its client goes, and Node drops what
 * was not read).
 */
export const clientLeft = (req: IncomingMessage): boolean => req.readableAborted || (req.destroyed && !req.readableEnded);

/**
 * raw-body's refusals of a stream it cannot read to the end: cut off (`request.aborted`), or
 * closed before the read began (`stream.not.readable`, which it calls a 500).
 */
const BODY_CUT = new Set(['request.aborted', 'stream.not.readable']);

type ThrownError = { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string; code?: unknown };

/** zlib's codes when a body does not decode as its Content-Encoding says (raw-body passes them on without a status). */
const DECODE_ERRORS = new Set(['Z_DATA_ERROR', 'Z_BUF_ERROR', 'Z_STREAM_ERROR', 'Z_NEED_DICT', 'ERR_BROTLI_DECOMPRESSION_FAILED']);

/**
 * Postgres refusing a value (SQLSTATE class 22: out of range, invalid text, NUL; 54000: an
 * index row over its limit). Schemas bound every value first; this keeps an input the schema
 * missed a 422 rather than a 500.
 */
function isRefusedValue(code: unknown): boolean {
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '54000');
}

/** The client error a thrown value stands for, or undefined when it is ours (a 500). */
function clientError(err: ThrownError): { status: number; message: string } | undefined {
  if (typeof err.code === 'string' && DECODE_ERRORS.has(err.code)) return { status: 400, message: REQUEST_MESSAGES.badEncoding };
  // A request target that is no URL (`http://[`): Koa throws when the path is first read.
  if (err.code === 'ERR_INVALID_URL') return { status: 400, message: REQUEST_MESSAGES.badRequest };
  if (isRefusedValue(err.code)) return { status: 422, message: REQUEST_MESSAGES.invalidInput };
  const status = err.status ?? err.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  const badJson = status === 400 && (err.type === 'entity.parse.failed' || err instanceof SyntaxError || /json/i.test(err.message ?? ''));
  if (badJson) return { status, message: REQUEST_MESSAGES.invalidJson };
  return { status, message: STATUS_MESSAGES[status] ?? ((err.expose && err.message) || REQUEST_MESSAGES.badRequest) };
}

/** `METHOD /path` of the route-table row the request is for (undefined: none). */
function routeOf(ctx: Koa.Context): string | undefined {
  try {
    const route = matchRoute(ctx.method as HttpMethod, ctx.path);
    return route && `${route.method} ${route.path}`;
  } catch {
    return undefined; // a request target that is no URL (see clientError)
  }
}

/**
 * Builds every failure answer of a service: `{success:false, errors:[...]}` (plus the keys its
 * route documents). Client errors keep their message; anything unexpected becomes a 500 whose
 * details go to the log only. A status set without a body (the router's 405, a 404) gets the
 * same JSON shape.
 */
export function errorMiddleware(): Koa.Middleware {
  const fail = (ctx: Koa.Context, status: number, errors: string[], extra?: Record<string, unknown>) => {
    ctx.status = status;
    ctx.body = failureBody(routeOf(ctx), errors, extra);
  };
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status >= 400 && (ctx.body === undefined || ctx.body === null)) {
        fail(ctx, ctx.status, [STATUS_MESSAGES[ctx.status] ?? REQUEST_MESSAGES.badRequest]);
      }
    } catch (err) {
      const log: Logger | undefined = ctx.state.log;
      if (err instanceof ClientGone || (BODY_CUT.has((err as ThrownError).type ?? '') && clientLeft(ctx.req))) {
        log?.debug({ type: (err as ThrownError).type }, 'the client left before its body was read');
        fail(ctx, 400, [REQUEST_MESSAGES.badRequest]);
        return;
      }
      if (err instanceof HttpError) {
        ctx.set(err.headers);
        fail(ctx, err.status, err.errors, err.extra);
        return;
      }
      const known = clientError(err as ThrownError);
      if (known) {
        if (known.status === 422) log?.warn({ code: (err as ThrownError).code }, 'database refused a value');
        fail(ctx, known.status, [known.message]);
        return;
      }
      log?.error({ err }, 'unhandled error');
      fail(ctx, 500, [REQUEST_MESSAGES.internal]);
    }
  };
}
