import { createAiProvider, type AiEnv, type AiProvider } from '@cc/ai';
import { COACHING_MESSAGES } from '@cc/contracts';
import type { ModelCalls, ModelFailureMessages } from '@cc/service-kit';

/** The coach's wording of model failures (information gathering, the question chat, summaries). */
export const COACHING_AI_MESSAGES: ModelFailureMessages = {
  timeout: COACHING_MESSAGES.aiTimeout,
  unavailable: COACHING_MESSAGES.aiUnavailable,
  malformed: COACHING_MESSAGES.aiMalformed,
  rateLimited: COACHING_MESSAGES.aiRateLimited,
  cancelled: 'The request was cancelled.',
};

/**
 * What coaching asks a model: the provider from the environment (the offline coach when no
 * endpoint is configured) and the kit's model-call path (per-user limit, cancellation when the
 * client goes away, failures as 502 answers).
 */
export interface CoachingAi {
  provider: AiProvider;
  run: ModelCalls['run'];
}

export function coachingAi(env: AiEnv, calls: ModelCalls): CoachingAi {
  return { provider: createAiProvider(env), run: calls.run };
}
