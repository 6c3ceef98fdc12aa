/**
 * Typed failures of an AI call. Services map them to their domain's messages (docs/ai.md#failures: each screen has its
 * own wording), so the errors carry a stable `code` rather than user-facing text.
 */
export type AiErrorCode = 'timeout' | 'unavailable' | 'malformed' | 'empty' | 'aborted';

export abstract class AiError extends Error {
  abstract readonly code: AiErrorCode;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The call took longer than its time budget (retries included). */
export class AiTimeoutError extends AiError {
  readonly code = 'timeout' as const;
  constructor(
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(`The AI model did not answer within ${timeoutMs} ms`, options);
  }
}

/** The endpoint could not be reached or answered with an HTTP error. */
export class AiUnavailableError extends AiError {
  readonly code = 'unavailable' as const;
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A structured answer stayed invalid after the one retry. */
export class AiMalformedAnswerError extends AiError {
  readonly code = 'malformed' as const;
  constructor(
    message: string,
    readonly answer: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The model answered with nothing (only whitespace): nothing is stored, the user may try again. */
export class AiEmptyAnswerError extends AiError {
  readonly code = 'empty' as const;
  constructor(options?: { cause?: unknown }) {
    super('The AI model gave an empty answer', options);
  }
}

/** The caller's AbortSignal fired (a user cancelled, or the request went away). */
export class AiAbortedError extends AiError {
  readonly code = 'aborted' as const;
  constructor(options?: { cause?: unknown }) {
    super('The AI request was cancelled', options);
  }
}

export const isAiError = (err: unknown): err is AiError => err instanceof AiError;
