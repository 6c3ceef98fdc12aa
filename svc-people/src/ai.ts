import { createAiProvider, type AiEnv, type AiProvider } from '@cc/ai';
import { PEOPLE_MESSAGES } from '@cc/contracts';
import type { ModelCalls, ModelFailureMessages } from '@cc/service-kit';

/** People's wording of model failures (meeting sections). */
export const PEOPLE_AI_MESSAGES: ModelFailureMessages = {
  timeout: PEOPLE_MESSAGES.aiTimeout,
  unavailable: PEOPLE_MESSAGES.aiUnavailable,
  malformed: PEOPLE_MESSAGES.aiMalformed,
  rateLimited: PEOPLE_MESSAGES.aiRateLimited,
  cancelled: 'The request was cancelled.',
};

/** The web search's wording of the same failures (it is a model call too, counted the same way). */
export const SEARCH_AI_MESSAGES: ModelFailureMessages = {
  timeout: PEOPLE_MESSAGES.searchTimeout,
  unavailable: PEOPLE_MESSAGES.searchUnavailable,
  malformed: PEOPLE_MESSAGES.searchEmpty,
  empty: PEOPLE_MESSAGES.searchEmpty,
  rateLimited: PEOPLE_MESSAGES.aiRateLimited,
  cancelled: 'The request was cancelled.',
};

/**
 * What svc-people asks a model: the provider from the environment (the offline coach when no
 * endpoint is configured) and the kit's model-call path (per-user limit, cancellation when the
 * client goes away, failures as 502 answers).
 */
export interface PeopleAi {
  provider: AiProvider;
  run: ModelCalls['run'];
}

export function peopleAi(env: AiEnv, calls: ModelCalls): PeopleAi {
  return { provider: createAiProvider(env), run: calls.run };
}
