import { createOpenAiEmbedder, type Embedder, type EmbedderOptions } from '../openai/embeddings';
import { createOpenAiProvider, type OpenAiProviderOptions } from '../openai/openai-provider';
import type { AiProvider } from '../types';
import type { OpenAiTestServer } from './openai-test-server';

export {
  startOpenAiTestServer,
  testEmbedding,
  TEST_EMBEDDING_DIMENSIONS,
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

/** The AI_* settings of a service whose model is this test server, without retries (providerFor's twin). */
export function modelEnv(server: OpenAiTestServer): Record<string, string> {
  return { AI_BASE_URL: server.baseURL, AI_MODEL: 'test-model', AI_API_KEY: 'test-key', AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '5000' };
}

/** The real embedder pointed at a test server (its vectors are testEmbedding's), without retries by default. */
export function embedderFor(server: OpenAiTestServer, options: Partial<EmbedderOptions> = {}): Embedder {
  return createOpenAiEmbedder({
    baseURL: server.baseURL,
    model: 'test-embedding-model',
    apiKey: 'test-key',
    maxRetries: 0,
    timeoutMs: 5_000,
    ...options,
  });
}
