import type Koa from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { isAiError } from '@cc/ai/errors';
import type { Db } from './db';
import type { Logger } from './logger';
import { postgresRateLimit } from './rate-limits';

/**
 * The one way a service calls a model for a user: a per-user limit shared by every instance
 * (stored in Postgres), cancellation when the client goes away, and one mapping of model
 * failures to `{success:false, error, errors:[error]}` (502; 429 over the limit). Each service
 * brings its own wording (the spec words the coach's failures per screen).
 */
export interface ModelFailureMessages {
  timeout: string;
  unavailable: string;
  malformed: string;
  /** The model answered with nothing; defaults to `malformed`. */
  empty?: string;
  /** Anything else that went wrong in the call; defaults to `unavailable`. */
  failed?: string;
  rateLimited: string;
  cancelled: string;
}

export interface ModelFailureAnswer {
  success: false;
  error: string;
  errors: string[];
}

export type ModelCallResult<T> = { ok: true; value: T } | { ok: false; body: ModelFailureAnswer };

export interface ModelCalls {
  /** Counts one model call for the user; over the limit it sets 429 + Retry-After and answers the body. */
  take(ctx: Koa.Context, userId: number): Promise<ModelFailureAnswer | undefined>;
  /** `fn` with a signal that fires when the client goes away; failures become answers (the status is set). */
  call<T>(ctx: Koa.Context, fn: (signal: AbortSignal) => Promise<T>): Promise<ModelCallResult<T>>;
  /** `take`, then `call`. */
  run<T>(ctx: Koa.Context, userId: number, fn: (signal: AbortSignal) => Promise<T>): Promise<ModelCallResult<T>>;
  /** Status and answer for a failed model call (a stream that has sent its headers uses the message). */
  failure(err: unknown): { status: number; body: ModelFailureAnswer };
}

/** nginx's "client closed request": nobody reads it, the access log says what happened. */
export const CLIENT_GONE_STATUS = 499;
export const MODEL_FAILURE_STATUS = 502;
export const DEFAULT_AI_RATE_LIMIT_PER_MINUTE = 30;

/**
 * An AbortSignal that fires when the client disconnects before the answer is complete (a
 * Cancel button, a closed tab): model calls take it, so the model request stops too.
 */
export function clientGoneSignal(ctx: Koa.Context): AbortSignal {
  const controller = new AbortController();
  const res = ctx.res;
  const onClose = () => {
    if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
  };
  res.once('close', onClose);
  // (req.destroyed is no sign: a request is destroyed once its body has been read.)
  if (res.destroyed || ctx.req.socket.destroyed) onClose();
  return controller.signal;
}

const answer = (message: string): ModelFailureAnswer => ({ success: false, error: message, errors: [message] });

/**
 * The status and answer of a failed model call. An untyped error (a provider's bug) is still
 * the model call failing, not this request: 502 with `failed`, never a 500.
 */
export function modelFailure(err: unknown, messages: ModelFailureMessages): { status: number; body: ModelFailureAnswer } {
  if (!isAiError(err)) return { status: MODEL_FAILURE_STATUS, body: answer(messages.failed ?? messages.unavailable) };
  switch (err.code) {
    case 'aborted':
      return { status: CLIENT_GONE_STATUS, body: answer(messages.cancelled) };
    case 'timeout':
      return { status: MODEL_FAILURE_STATUS, body: answer(messages.timeout) };
    case 'malformed':
      return { status: MODEL_FAILURE_STATUS, body: answer(messages.malformed) };
    case 'empty':
      return { status: MODEL_FAILURE_STATUS, body: answer(messages.empty ?? messages.malformed) };
    default:
      return { status: MODEL_FAILURE_STATUS, body: answer(messages.unavailable) };
  }
}

export interface ModelCallsOptions {
  db: Db;
  /** The service's schema: the limiter's table lives with the service's own tables. */
  schema: string;
  /** Calls per user per minute; 0 turns the limit off. */
  perMinute: number;
  messages: ModelFailureMessages;
  log: Logger;
}

export function createModelCalls(options: ModelCallsOptions): ModelCalls {
  const { messages } = options;
  const limiterReady = postgresRateLimit({
    db: options.db,
    schema: options.schema,
    tableName: 'model_call_limits',
    keyPrefix: 'ai',
    points: options.perMinute,
    duration: 60,
  });

  const failure = (err: unknown) => modelFailure(err, messages);

  const take: ModelCalls['take'] = async (ctx, userId) => {
    if (options.perMinute <= 0) return undefined;
    const store = await limiterReady();
    try {
      await store.consume(String(userId));
      return undefined;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      ctx.status = 429;
      ctx.set('Retry-After', String(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000))));
      return answer(messages.rateLimited);
    }
  };

  const call: ModelCalls['call'] = async (ctx, fn) => {
    try {
      return { ok: true, value: await fn(clientGoneSignal(ctx)) };
    } catch (err) {
      const { status, body } = failure(err);
      const log: Logger = ctx.state.log ?? options.log;
      if (status === CLIENT_GONE_STATUS) log.info('model call cancelled: the client went away');
      else log.warn({ err }, 'model call failed');
      ctx.status = status;
      return { ok: false, body };
    }
  };

  return {
    take,
    call,
    failure,
    async run(ctx, userId, fn) {
      const refused = await take(ctx, userId);
      if (refused) return { ok: false, body: refused };
      return call(ctx, fn);
    },
  };
}
