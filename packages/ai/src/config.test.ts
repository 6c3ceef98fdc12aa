import { describe, expect, test } from '@jest/globals';
import { aiConfigFromEnv, createAiProvider, DEFAULT_MODEL } from './config';
import { OFFLINE_MODEL } from './offline/offline-provider';

describe('createAiProvider', () => {
  test('the offline coach when no endpoint is configured', () => {
    expect(createAiProvider({}).info()).toEqual({ provider: 'offline', model: OFFLINE_MODEL });
    expect(createAiProvider({ AI_BASE_URL: '  ', AI_MODEL: 'gpt-4o-mini' }).info().provider).toBe('offline');
  });

  test('OpenAI-compatible when AI_BASE_URL is set', () => {
    const ai = createAiProvider({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'qwen2.5:7b' });
    expect(ai.info()).toEqual({ provider: 'openai-compatible', model: 'qwen2.5:7b' });
  });

  test('reads the optional settings', () => {
    expect(
      aiConfigFromEnv({ AI_BASE_URL: 'http://x/v1', AI_API_KEY: 'k', AI_TIMEOUT_MS: '5000', AI_MAX_RETRIES: '0', AI_JSON_MODE: 'off' }),
    ).toEqual({
      baseURL: 'http://x/v1',
      model: DEFAULT_MODEL,
      apiKey: 'k',
      timeoutMs: 5000,
      maxRetries: 0,
      jsonMode: false,
    });
    expect(aiConfigFromEnv({})).toBeUndefined();
  });
});
