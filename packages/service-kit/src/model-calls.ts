import type Koa from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AiProvider } from '@cc/ai';
import { isAiError } from '@cc/ai/errors';
import type { Db } from './db';
import { HttpError } from './errors';
import type { Logger } from './logger';
import { postgresRateLimit } from './rate-limits';

/**
 * The one way a service calls a model, for a request or a background job: the provider from
 * the service's environment (`AI_*`; a test gives its own), a per-user limit shared by every
 * instance (stored in Postgres), cancellation when the client goes away, and one mapping of
 * failures, by the provider's error classes, to the kit's failure answer (502; 429 over the
 * limit; 499 when the client left). Each service brings its own wording (each screen words the
 * coach's failures its own way).
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
  /** Defaults to `MODEL_CALL_CANCELLED`. */
  cancelled?: string;
}

/** The wording most domains use: their messages object's `ai*` texts. */
export function modelMessages(m: {
  aiTimeout: string;
  aiUnavailable: string;
  aiMalformed: string;
  aiRateLimited: string;
}): ModelFailureMessages {
  return { timeout: m.aiTimeout, unavailable: m.aiUnavailable, malformed: m.aiMalformed, rateLimited: m.aiRateLimited };
}

export interface ModelCalls {
  /** The model of every call: from the service's `AI_*` settings (the offline coach without an endpoint), or a test's. */
  readonly provider: AiProvider;
  /** Counts one model call for the user; over the limit it throws 429 with Retry-After. */
  take(ctx: Koa.Context, userId: number): Promise<void>;
  /** `fn` with a signal that fires when the client goes away; a failure throws the kit's answer for it. */
  call<T>(ctx: Koa.Context, fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** `take`, then `call`. */
  run<T>(ctx: Koa.Context, userId: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** The answer for a failed call (a stream that has sent its headers sends its `errors` as an event). */
  failure(err: unknown): HttpError;
  /** A background job's failure in these words: the message it stores for the status call. */
  message(err: unknown): string;
}

/** nginx's "client closed request": nobody reads it, the access log says what happened. */
export const CLIENT_GONE_STATUS = 499;
export const MODEL_FAILURE_STATUS = 502;
export const DEFAULT_AI_RATE_LIMIT_PER_MINUTE = 30;
export const MODEL_CALL_CANCELLED = 'The request was cancelled.';

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

/** The provider's typed failure (`@cc/ai`), or a platform timeout or abort (`AbortSignal.timeout`, a DOMException). */
function failureCode(err: unknown): string | undefined {
  if (isAiError(err)) return err.code;
  if (err instanceof DOMException && err.name === 'TimeoutError') return 'timeout';
  if (err instanceof DOMException && err.name === 'AbortError') return 'aborted';
  return undefined;
}

/**
 * The status and message of a failed model call. An untyped error (a provider's bug) is still
 * the model call failing, not this request: 502 with `failed`, never a 500.
 */
export function modelFailure(err: unknown, messages: ModelFailureMessages): { status: number; message: string } {
  const failed = (message: string) => ({ status: MODEL_FAILURE_STATUS, message });
  switch (failureCode(err)) {
    case 'aborted':
      return { status: CLIENT_GONE_STATUS, message: messages.cancelled ?? MODEL_CALL_CANCELLED };
    case 'timeout':
      return failed(messages.timeout);
    case 'malformed':
      return failed(messages.malformed);
    case 'empty':
      return failed(messages.empty ?? messages.malformed);
    case 'unavailable':
      return failed(messages.unavailable);
    default:
      return failed(messages.failed ?? messages.unavailable);
  }
}

export interface ModelCallsOptions {
  db: Db;
  /** The service's schema: the limiter's table lives with the service's own tables. */
  schema: string;
  /** Calls per user per minute; 0 turns the limit off. */
  perMinute: number;
  messages: ModelFailureMessages;
  /** The model (made on first use: a service that never calls one never builds it). */
  provider: () => AiProvider;
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

  const failure = (err: unknown) => {
    const { status, message } = modelFailure(err, messages);
    return new HttpError(status, [message]);
  };

  const take: ModelCalls['take'] = async (_ctx, userId) => {
    if (options.perMinute <= 0) return;
    const store = await limiterReady();
    try {
      await store.consume(String(userId));
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const wait = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw new HttpError(429, [messages.rateLimited], { 'Retry-After': String(wait) });
    }
  };

  const call: ModelCalls['call'] = async (ctx, fn) => {
    try {
      return await fn(clientGoneSignal(ctx));
    } catch (err) {
      const answer = failure(err);
      const log: Logger = ctx.state.log ?? options.log;
      if (answer.status === CLIENT_GONE_STATUS) log.info('model call cancelled: the client went away');
      else log.warn({ err }, 'model call failed');
      throw answer;
    }
  };

  return {
    get provider() {
      return options.provider();
    },
    take,
    call,
    failure,
    message: (err) => modelFailure(err, messages).message,
    async run(ctx, userId, fn) {
      await take(ctx, userId);
      return call(ctx, fn);
    },
  };
}
