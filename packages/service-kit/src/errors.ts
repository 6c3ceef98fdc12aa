import type Koa from 'koa';
import type { Logger } from 'pino';

/** An error whose message is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.join(', '));
  }
}

export const httpError = (status: number, ...errors: string[]) => new HttpError(status, errors);

/** Messages for statuses raised by middleware we don't own (body parser, router). */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body is too large',
  415: 'Unsupported media type',
};

/**
 * Maps every thrown error to `{success:false, errors:[...]}`. Client errors keep their
 * message; anything unexpected becomes a 500 whose details go to the log only.
 */
export function errorMiddleware(): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { success: false, errors: ['Not found'] };
      }
    } catch (err) {
      const log: Logger | undefined = ctx.state.log;
      if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.set(err.headers);
        ctx.body = { success: false, errors: err.errors };
        return;
      }
      const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
      const status = e.status ?? e.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const badJson = status === 400 && (e.type === 'entity.parse.failed' || err instanceof SyntaxError || /json/i.test(e.message ?? ''));
        const message = badJson ? 'Invalid JSON body' : STATUS_MESSAGES[status] ?? ((e.expose && e.message) || 'Bad request');
        ctx.status = status;
        ctx.body = { success: false, errors: [message] };
        return;
      }
      log?.error({ err }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { success: false, errors: ['Something went wrong on our side. Please try again.'] };
    }
  };
}
