import { createOpenAiProvider, type OpenAiProviderOptions } from '../openai/openai-provider';
import type { AiProvider } from '../types';
import type { OpenAiTestServer } from './openai-test-server';

export {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type ScriptedReply,
  type RecordedRequest,
  type ChatCompletionBody,
} from './openai-test-server';

/** The real OpenAI-compatible provider pointed at a test server, without retries by default. */
export function providerFor(server: OpenAiTestServer, options: Partial<OpenAiProviderOptions> = {}): AiProvider {
  return createOpenAiProvider({
    baseURL: server.baseURL,
    model: 'test-model',
    apiKey: 'test-key',
    maxRetries: 0,
    timeoutMs: 5_000,
    ...options,
  });
}
