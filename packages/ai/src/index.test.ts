import { describe, expect, test } from '@jest/globals';
import * as ai from './index';

describe('the package entry', () => {
  test('exposes the provider factory, the errors, the prompts and the STAR module', () => {
    expect(ai.createAiProvider({}).info().provider).toBe('offline');
    expect(new ai.AiTimeoutError(5)).toBeInstanceOf(ai.AiError);
    expect(ai.folderSuggestionPrompt({ count: 3 }).user).toContain('Suggest 3 folders');
    expect(ai.fileDraftPrompt({ folder: 'interview-stories', name: 'x.md' }).user).toContain('- Situation (');
    expect(ai.STAR_LABELS.situation).toBe('Building Situation');
    expect(ai.normalizeCount('abc')).toBe(5);
  });
});
