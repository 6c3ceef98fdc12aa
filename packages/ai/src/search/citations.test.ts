import { describe, expect, test } from '@jest/globals';
import { citationNumbers, tidyCitations } from './citations';
import { sourcesOf } from './web-search';

describe('tidyCitations', () => {
  test('every [n] left in the answer points at a returned citation; dangling markers are dropped', () => {
    const { answer, citations } = tidyCitations('Dana leads sales at Acme [1][4]. She spoke at SaaStr [2] and [7].', [
      { url: 'https://www.acme.com/team', title: 'Acme team' },
      { url: 'https://saastr.com/talks/dana' },
    ]);
    expect(answer).toBe('Dana leads sales at Acme [1]. She spoke at SaaStr [2] and.');
    expect(citations).toEqual([
      { url: 'https://www.acme.com/team', title: 'Acme team', site: 'acme.com' },
      { url: 'https://saastr.com/talks/dana', title: 'saastr.com', site: 'saastr.com' },
    ]);
    expect(citationNumbers(answer).every((n) => n >= 1 && n <= citations.length)).toBe(true);
  });

  test('a repeated or unusable source is renumbered: markers follow their source', () => {
    const { answer, citations } = tidyCitations('A [1]. B [2]. C [3]. D [4]. E [1, 3]. F [2-4].', [
      { url: 'https://a.example/x' },
      { url: 'javascript:alert(1)' },
      { url: 'https://A.example/x/' },
      { url: 'https://d.example' },
    ]);
    expect(citations.map((c) => c.url)).toEqual(['https://a.example/x', 'https://d.example']);
    expect(answer).toBe('A [1]. B. C [1]. D [2]. E [1]. F [1][2].');
  });

  test('a markdown link is not a marker', () => {
    expect(tidyCitations('See [2](https://x.example).', []).answer).toBe('See [2](https://x.example).');
  });
});

describe('sourcesOf (Perplexity response fields)', () => {
  test('citations give the numbering; search_results give the titles', () => {
    expect(
      sourcesOf({
        citations: ['https://b.example', 'https://a.example'],
        search_results: [{ title: 'A page', url: 'https://a.example', date: '2025-01-02' }],
      }),
    ).toEqual([{ url: 'https://b.example' }, { url: 'https://a.example', title: 'A page', date: '2025-01-02' }]);
    expect(sourcesOf({ search_results: [{ title: 'Only', url: 'https://o.example' }, { title: 'no url' }] })).toEqual([
      { url: 'https://o.example', title: 'Only' },
    ]);
    expect(sourcesOf({})).toEqual([]);
  });
});
