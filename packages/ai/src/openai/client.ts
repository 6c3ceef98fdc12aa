import OpenAI from 'openai';

/** The openai client for an OpenAI-compatible endpoint (a model, a web search), set up by our options alone. */
export function openAiClient({ baseURL, apiKey, maxRetries }: { baseURL: string; apiKey?: string; maxRetries: number }): OpenAI {
  return new OpenAI({
    baseURL,
    // Local servers need none.
    apiKey: apiKey || 'not-needed',
    // Only this package's variables configure the client, never OPENAI_* ones by accident.
    organization: null,
    project: null,
    maxRetries,
    // Our guard (call-guard.ts) enforces the budget; the client's own timer must not fire first and retry.
    timeout: 24 * 60 * 60 * 1000,
  });
}
