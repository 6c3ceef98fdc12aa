import { createAiProvider, type AiEnv, type AiProvider } from '@cc/ai';
import { defineService, type ServiceDefinition } from '@cc/service-kit';
import { migrations } from './migrations';
import { rateLimitFrom } from './rate-limit';
import { chatRoutes } from './routes';

export interface ChatServiceOptions {
  /**
   * The AI provider, or how to make one from the service's env. Default:
   * `createAiProvider(env)`: AI_BASE_URL set → the OpenAI-compatible endpoint, else the
   * offline coach. Tests inject one pointed at `@cc/ai/testing`'s server.
   */
  provider?: AiProvider | ((env: AiEnv) => AiProvider);
}

/**
 * svc-chat: conversations and replies for every chat in the product. Settings (the `env` of
 * the service config): the AI_* variables (packages/ai), AI_RATE_LIMIT_PER_MINUTE (default
 * 30; 0 turns it off), PEOPLE_URL (svc-people, for the person chat's profile; unset → none).
 */
export function createChatService(options: ChatServiceOptions = {}): ServiceDefinition {
  return defineService({
    name: 'chat',
    migrations,
    // A 1,000,000-character file plus 200 history entries of up to 20,000 characters (UTF-8).
    bodyLimit: '12mb',
    routes(router, { db, config }) {
      const env = config.env ?? {};
      const { provider } = options;
      const ai = typeof provider === 'function' ? provider(env) : (provider ?? createAiProvider(env));
      chatRoutes(router, { db, ai, peopleUrl: env.PEOPLE_URL?.trim() || undefined, rateLimit: rateLimitFrom(env) });
    },
  });
}

export const chatService = createChatService();
