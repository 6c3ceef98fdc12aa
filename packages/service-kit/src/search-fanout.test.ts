import { describe, expect, test } from '@jest/globals';
import type { SearchResult } from '@cc/contracts/search';
import { retrievePassages, topicWords, type DomainSearches } from './search-fanout';

/** The chats' passages from each domain's answer (the fan-out itself: svc-chat/src/search.test.ts). */

const result = (id: string, snippet: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  kind: 'file',
  id,
  title: `note-${id}.md`,
  snippet,
  highlights: [],
  url: `/dashboard?folder=x&file=note-${id}.md`,
  updated_at: '2026-11-20T10:00:00.000Z',
  generated: false,
  ...extra,
});

/** Marks every topic word of the message found in the snippet, as a domain's headline would. */
const marked = (message: string, r: SearchResult): SearchResult => {
  const highlights: Array<[number, number]> = [];
  for (const word of topicWords(message)) {
    const at = r.snippet.toLowerCase().indexOf(word);
    if (at >= 0) highlights.push([at, at + word.length]);
  }
  return { ...r, highlights: highlights.sort((a, b) => a[0] - b[0]) };
};

const filesAnswering = (results: SearchResult[]): DomainSearches => ({
  files: async () => ({ success: true, groups: [{ kind: 'file', total: results.length, results }] }),
});

describe('retrievePassages', () => {
  const message = 'The billing migration slipped and I need to tell my manager.';

  test('a note must share two topic words with the message: one common word does not make it about it', async () => {
    const two = marked(message, result('1', 'The billing migration is two weeks late.'));
    const one = marked(message, result('2', 'Lunch with my manager on Friday.'));
    const passages = await retrievePassages(filesAnswering([one, two]), { text: message });
    expect(passages.map((p) => [p.n, p.id])).toEqual([[1, '1']]);
  });

  test('a note found by meaning (an embeddings model) shares no words to count, and is in', async () => {
    const near = result('3', 'Payments cut-over moved to March.', { by_meaning: true });
    const passages = await retrievePassages(filesAnswering([near]), { text: message });
    expect(passages.map((p) => p.id)).toEqual(['3']);
  });

  test('the open object is never a passage, and a failing domain gives none rather than an error', async () => {
    const two = marked(message, result('1', 'The billing migration is two weeks late.'));
    expect(await retrievePassages(filesAnswering([two]), { text: message, exclude: (r) => r.id === '1' })).toEqual([]);
    const failing: DomainSearches = { files: async () => null, people: async () => Promise.reject(new Error('down')) };
    expect(await retrievePassages(failing, { text: message })).toEqual([]);
  });
});
