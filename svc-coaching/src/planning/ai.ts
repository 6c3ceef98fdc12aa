import { createAiProvider, type AiEnv, type AiProvider } from '@cc/ai';
import { PLANNING_MESSAGES } from '@cc/contracts';
import type { ModelCalls, ModelFailureMessages } from '@cc/service-kit';

/** Planning's wording of model failures (the week AI). */
export const PLANNING_AI_MESSAGES: ModelFailureMessages = {
  timeout: PLANNING_MESSAGES.aiTimeout,
  unavailable: PLANNING_MESSAGES.aiUnavailable,
  malformed: PLANNING_MESSAGES.aiMalformed,
  rateLimited: PLANNING_MESSAGES.aiRateLimited,
  cancelled: 'The request was cancelled.',
};

/**
 * What planning asks a model: the provider from the environment (the offline coach when no
 * endpoint is configured) and the kit's model-call path (per-user limit, cancellation when the
 * client goes away, failures as 502 answers).
 */
export interface PlanningAi {
  provider: AiProvider;
  run: ModelCalls['run'];
}

export function planningAi(env: AiEnv, calls: ModelCalls): PlanningAi {
  return { provider: createAiProvider(env), run: calls.run };
}
