import { z } from 'zod';
import { createAiProvider, type AiEnv, type AiProvider } from '@cc/ai';
import { CHAT_MESSAGES } from '@cc/contracts';
import { defineService, urlSetting, type ModelFailureMessages, type ServiceDefinition } from '@cc/service-kit';
import { migrations } from './migrations';
import { chatRoutes } from './routes';

export interface ChatServiceOptions {
  /**
   * The AI provider, or how to make one from the service's env. Default:
   * `createAiProvider(env)`: AI_BASE_URL set → the OpenAI-compatible endpoint, else the
   * offline coach. Tests inject one pointed at `@cc/ai/testing`'s server.
   */
  provider?: AiProvider | ((env: AiEnv) => AiProvider);
}

/** svc-chat's environment (the AI_* variables are read by packages/ai; AI_RATE_LIMIT_PER_MINUTE by the kit). */
export const chatSettings = z.object({
  /** svc-people, for the person chat's profile; unset (the embedded run) means none. */
  PEOPLE_URL: urlSetting(),
});

/** The chats' wording of model failures. */
export const CHAT_AI_MESSAGES: ModelFailureMessages = {
  timeout: CHAT_MESSAGES.modelTimeout,
  unavailable: CHAT_MESSAGES.modelUnavailable,
  malformed: CHAT_MESSAGES.modelMalformed,
  empty: CHAT_MESSAGES.modelEmpty,
  failed: CHAT_MESSAGES.modelFailed,
  rateLimited: CHAT_MESSAGES.rateLimited,
  cancelled: CHAT_MESSAGES.cancelled,
};

/** svc-chat: conversations and replies for every chat in the product. */
export function createChatService(options: ChatServiceOptions = {}): ServiceDefinition<typeof chatSettings> {
  return defineService({
    name: 'chat',
    migrations,
    settings: chatSettings,
    // A 1,000,000-character file plus 200 history entries of up to 20,000 characters (UTF-8).
    bodyLimit: '12mb',
    routes(router, { db, config, settings, modelCalls }) {
      const env = config.env ?? {};
      const { provider } = options;
      const ai = typeof provider === 'function' ? provider(env) : (provider ?? createAiProvider(env));
      chatRoutes(router, { db, ai, peopleUrl: settings.PEOPLE_URL, calls: modelCalls(CHAT_AI_MESSAGES) });
    },
  });
}

export const chatService = createChatService();
