/** Picks the provider from the environment: a configured endpoint, else the offline coach. */
import { createOfflineCoach } from './offline/offline-provider';
import { createOpenAiEmbedder, type Embedder, type EmbedderOptions } from './openai/embeddings';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai/openai-provider';
import type { AiProvider } from './types';

export type AiEnv = Record<string, string | undefined>;

/** Used when AI_MODEL is not set: what `ollama pull` users most often have. */
export const DEFAULT_MODEL = 'llama3.2';

const positiveInt = (value: string | undefined): number | undefined => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** The OpenAI-compatible settings, or undefined when no endpoint is configured. */
export function aiConfigFromEnv(env: AiEnv): OpenAiProviderOptions | undefined {
  const baseURL = env.AI_BASE_URL?.trim();
  if (!baseURL) return undefined;
  const timeoutMs = positiveInt(env.AI_TIMEOUT_MS);
  const maxRetries = positiveInt(env.AI_MAX_RETRIES);
  return {
    baseURL,
    model: env.AI_MODEL?.trim() || DEFAULT_MODEL,
    ...(env.AI_API_KEY?.trim() ? { apiKey: env.AI_API_KEY.trim() } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(maxRetries !== undefined ? { maxRetries } : {}),
    // Some local servers reject response_format; AI_JSON_MODE=off leaves it out.
    jsonMode: !/^(0|off|false|no)$/i.test(env.AI_JSON_MODE?.trim() ?? ''),
  };
}

/**
 * The embeddings model (EMBEDDINGS_MODEL) at AI_BASE_URL with AI_API_KEY, AI_TIMEOUT_MS and
 * AI_MAX_RETRIES; undefined without both a model and an endpoint. There is no default model:
 * search without one is full text only, never a guess at a name the server may not have.
 */
export function embeddingsConfigFromEnv(env: AiEnv): EmbedderOptions | undefined {
  const model = env.EMBEDDINGS_MODEL?.trim();
  const ai = aiConfigFromEnv(env);
  if (!model || !ai) return undefined;
  const { baseURL, apiKey, timeoutMs, maxRetries } = ai;
  return {
    baseURL,
    model,
    ...(apiKey ? { apiKey } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(maxRetries !== undefined ? { maxRetries } : {}),
  };
}

/** The embedder the settings name, or null: then search ranks by full text alone. */
export function createEmbedder(env: AiEnv = process.env): Embedder | null {
  const config = embeddingsConfigFromEnv(env);
  return config ? createOpenAiEmbedder(config) : null;
}

/** `onUsage`: told the tokens of each model answer (the offline coach uses none). */
export function createAiProvider(env: AiEnv = process.env, { onUsage }: Pick<OpenAiProviderOptions, 'onUsage'> = {}): AiProvider {
  const config = aiConfigFromEnv(env);
  return config ? createOpenAiProvider({ ...config, ...(onUsage ? { onUsage } : {}) }) : createOfflineCoach();
}

/** For GET /ai_chat/status: how the UI labels the coach and explains connecting a model. */
export const CONNECT_MODEL_HINT =
  'You are using the offline coach. To connect a model, set AI_BASE_URL (an OpenAI-compatible endpoint such as OpenAI, Ollama, vLLM or llama.cpp), AI_MODEL and, if needed, AI_API_KEY, then restart.';
