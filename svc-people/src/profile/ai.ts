import { PROFILE_MESSAGES } from '@cc/contracts';
import type { ModelFailureMessages } from '@cc/service-kit';

/** The profile's wording of model failures (generation, company statements, narrative). */
export const PROFILE_AI_MESSAGES: ModelFailureMessages = {
  timeout: PROFILE_MESSAGES.aiTimeout,
  unavailable: PROFILE_MESSAGES.aiUnavailable,
  malformed: PROFILE_MESSAGES.aiMalformed,
  rateLimited: PROFILE_MESSAGES.aiRateLimited,
  cancelled: 'The request was cancelled.',
};
