import { expect, test } from '@jest/globals';
import { expectedProfileChars, writingProgress } from './progress';
import { deepProvider } from './write';

const everyday = { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'small', AI_API_KEY: 'k' };

test('deep research writes with the everyday model unless DEEP_RESEARCH_* names another', () => {
  expect(deepProvider({}).info().provider).toBe('offline');
  expect(deepProvider(everyday).info()).toEqual({ provider: 'openai-compatible', model: 'small' });
  // Another model at the same endpoint.
  expect(deepProvider(everyday, { DEEP_RESEARCH_MODEL: 'big' }).info().model).toBe('big');
  // Its own endpoint, even when the everyday coach is the offline one.
  expect(deepProvider({}, { DEEP_RESEARCH_BASE_URL: 'http://127.0.0.1:9/v1', DEEP_RESEARCH_MODEL: 'big' }).info()).toEqual({
    provider: 'openai-compatible',
    model: 'big',
  });
});

test('progress while writing grows with the text and stays short of the next phase', () => {
  const expected = expectedProfileChars({ evidence: [{ kind: 'file', label: 'a.md', text: 'x'.repeat(3_000) }] as never });
  expect(expected).toBe(2_800);
  expect(writingProgress(0, expected)).toBe(45);
  const steps = [200, 1_000, 2_800, 8_000, 1_000_000].map((n) => writingProgress(n, expected));
  expect(steps).toEqual([...steps].sort((a, b) => a - b));
  expect(steps[1]).toBeGreaterThan(steps[0]!);
  expect(Math.max(...steps)).toBeLessThan(90);
  // Few notes: a short answer still moves the bar; many: the expectation is capped.
  expect(expectedProfileChars({ evidence: [] })).toBe(800);
  expect(expectedProfileChars({ evidence: [{ kind: 'file', label: 'b.md', text: 'x'.repeat(100_000) }] as never })).toBe(12_000);
});
