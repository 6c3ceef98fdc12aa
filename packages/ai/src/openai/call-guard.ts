import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AiAbortedError, AiError, AiTimeoutError, AiUnavailableError } from '../errors';

/**
 * One deadline and one cancellation for a whole call, retries included. The openai client's
 * own timeout stops at the response headers and is retried, so a stalled stream or a slow
 * retry would outlive the budget; this guard aborts the request itself and remembers why.
 */
export interface CallGuard {
  readonly signal: AbortSignal;
  /** Turns whatever the client threw into one of the typed errors. */
  fail(err: unknown): unknown;
  /**
   * Throws the typed error if the call was stopped. Needed after reading a stream: the openai
   * client ends an aborted stream quietly instead of throwing.
   */
  throwIfStopped(): void;
  /** Stops the timer and cancels the request if it is still open. */
  dispose(): void;
}

export function guardCall(timeoutMs: number, callerSignal?: AbortSignal): CallGuard {
  if (callerSignal?.aborted) throw new AiAbortedError({ cause: callerSignal.reason });
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new AiTimeoutError(timeoutMs));
  }, timeoutMs);

  return {
    signal: controller.signal,
    fail(err) {
      if (err instanceof AiError) return err;
      if (timedOut) return new AiTimeoutError(timeoutMs, { cause: err });
      if (callerSignal?.aborted) return new AiAbortedError({ cause: err });
      return translate(err, timeoutMs);
    },
    throwIfStopped() {
      if (timedOut) throw new AiTimeoutError(timeoutMs);
      if (callerSignal?.aborted) throw new AiAbortedError({ cause: callerSignal.reason });
    },
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      if (!controller.signal.aborted) controller.abort();
    },
  };
}

function translate(err: unknown, timeoutMs: number): unknown {
  if (err instanceof APIConnectionTimeoutError) return new AiTimeoutError(timeoutMs, { cause: err });
  if (err instanceof APIUserAbortError) return new AiAbortedError({ cause: err });
  if (err instanceof APIConnectionError) {
    return new AiUnavailableError(`The AI endpoint could not be reached: ${err.message}`, undefined, { cause: err });
  }
  if (err instanceof APIError) {
    return new AiUnavailableError(`The AI endpoint answered with an error: ${err.message}`, err.status, { cause: err });
  }
  if (err instanceof Error && err.name === 'AbortError') return new AiAbortedError({ cause: err });
  // Programming errors stay what they are, so they are not mistaken for an outage.
  return err;
}
