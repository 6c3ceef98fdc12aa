import { createAiProvider, type AiEnv, type AiProvider } from '@cc/ai';
import { FILES_MESSAGES } from '@cc/contracts';
import type { ModelCalls, ModelFailureMessages } from '@cc/service-kit';

/** svc-files' wording of model failures (suggestions, drafts, summaries). */
export const FILES_AI_MESSAGES: ModelFailureMessages = {
  timeout: FILES_MESSAGES.aiTimeout,
  unavailable: FILES_MESSAGES.aiUnavailable,
  malformed: FILES_MESSAGES.aiMalformed,
  rateLimited: FILES_MESSAGES.aiRateLimited,
  cancelled: 'The request was cancelled.',
};

/**
 * Everything svc-files asks a model: the provider from the environment (the offline coach
 * when no endpoint is configured) and the kit's model-call path (per-user limit, cancellation
 * when the client goes away, failures as 502 answers).
 */
export interface FilesAi {
  provider: AiProvider;
  run: ModelCalls['run'];
}

export function filesAi(env: AiEnv, calls: ModelCalls): FilesAi {
  return { provider: createAiProvider(env), run: calls.run };
}
