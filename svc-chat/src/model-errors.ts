import { CHAT_MESSAGES, type ChatFailure } from '@cc/contracts';
import { AiAbortedError, AiMalformedAnswerError, AiTimeoutError, AiUnavailableError } from '@cc/ai';

/** The model answered, but with nothing: treated like a malformed answer, nothing is stored. */
export class EmptyAnswerError extends Error {
  constructor() {
    super('The AI model gave an empty answer');
  }
}

/**
 * Model failures are answered with status 502 (the upstream model failed, not this service)
 * and `{success:false, error, errors:[error]}`: the chats read `success` and show `error`, the
 * client wrapper reads `errors`. Never a 500. The text says what happened in the user's terms.
 */
export const MODEL_FAILURE_STATUS = 502;

export function modelFailureMessage(err: unknown): string {
  if (err instanceof AiTimeoutError) return CHAT_MESSAGES.modelTimeout;
  if (err instanceof AiUnavailableError) return CHAT_MESSAGES.modelUnavailable;
  if (err instanceof AiMalformedAnswerError) return CHAT_MESSAGES.modelMalformed;
  if (err instanceof EmptyAnswerError) return CHAT_MESSAGES.modelEmpty;
  if (err instanceof AiAbortedError) return CHAT_MESSAGES.cancelled;
  return CHAT_MESSAGES.modelFailed;
}

export const modelFailure = (err: unknown): ChatFailure => {
  const error = modelFailureMessage(err);
  return { success: false, error, errors: [error] };
};
