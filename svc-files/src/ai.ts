import type Koa from 'koa';
import { createAiProvider, isAiError, type AiEnv, type AiProvider } from '@cc/ai';
import { FILES_MESSAGES } from '@cc/contracts';
import type { Logger } from '@cc/service-kit';

/**
 * Everything svc-files asks a model goes through here: the provider from the environment
 * (the offline coach when no endpoint is configured), a per-user rate limit on a real model
 * (AI_RATE_LIMIT_PER_MINUTE, default 30), cancellation when the client goes away, and the
 * mapping of AI failures to 502/429 answers.
 */
export interface FilesAi {
  provider: AiProvider;
  /**
   * Runs one AI call for the user. Answers what `fn` returns, or sets the failure answer on
   * ctx (`{success:false, error, errors:[error]}`) and answers that body instead.
   */
  run<T>(ctx: Koa.Context, userId: number, fn: (signal: AbortSignal) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; body: unknown }>;
}

export const DEFAULT_AI_RATE_LIMIT_PER_MINUTE = 30;

/**
 * An AbortSignal that fires when the client disconnects before the answer is sent (the
 * response closes unfinished), e.g. the Cancel button on a draft, or a closed tab.
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

/** Fixed one-minute windows per user, per process (each instance counts its own calls). */
function rateLimiter(perMinute: number) {
  const windows = new Map<number, { start: number; count: number }>();
  return (userId: number): boolean => {
    const now = Date.now();
    const w = windows.get(userId);
    if (!w || now - w.start >= 60_000) {
      if (windows.size > 10_000) windows.clear();
      windows.set(userId, { start: now, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= perMinute;
  };
}

const failure = (ctx: Koa.Context, status: number, message: string) => {
  ctx.status = status;
  return { ok: false as const, body: { success: false, error: message, errors: [message] } };
};

export function filesAi(env: AiEnv, log: Logger): FilesAi {
  const provider = createAiProvider(env);
  const perMinute = Number.parseInt(env.AI_RATE_LIMIT_PER_MINUTE ?? '', 10);
  const limited = rateLimiter(Number.isFinite(perMinute) && perMinute > 0 ? perMinute : DEFAULT_AI_RATE_LIMIT_PER_MINUTE);
  // The offline coach costs nothing but a little CPU: only a real model is rate-limited.
  const allow = provider.info().provider === 'offline' ? () => true : limited;

  return {
    provider,
    async run(ctx, userId, fn) {
      if (!allow(userId)) {
        ctx.set('Retry-After', '60');
        return failure(ctx, 429, FILES_MESSAGES.aiRateLimited);
      }
      const signal = clientGoneSignal(ctx);
      try {
        return { ok: true, value: await fn(signal) };
      } catch (err) {
        if (!isAiError(err)) throw err;
        const reqLog: Logger = ctx.state.log ?? log;
        if (err.code === 'aborted') {
          // Nobody is listening any more: 499 (nginx's "client closed request") for the log.
          reqLog.info({ path: ctx.path }, 'AI call cancelled: the client went away');
          return failure(ctx, 499, 'The request was cancelled.');
        }
        reqLog.warn({ err, code: err.code, path: ctx.path }, 'AI call failed');
        const message =
          err.code === 'timeout' ? FILES_MESSAGES.aiTimeout : err.code === 'malformed' ? FILES_MESSAGES.aiMalformed : FILES_MESSAGES.aiUnavailable;
        return failure(ctx, 502, message);
      }
    },
  };
}
