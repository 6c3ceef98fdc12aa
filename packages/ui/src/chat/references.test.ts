/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { noticesOnce, referenceHref, referenceLinks, renderCitedMarkdown } from './references';

const ref = (n: number, url: string, title = `Note ${n}`) => ({ n, kind: 'file' as const, id: String(n), title, url, snippet: '' });

describe('citations in an answer', () => {
  it('links only the app’s own addresses', () => {
    expect(referenceHref('/dashboard?folder=Notes&file=a.md')).toBe('/dashboard?folder=Notes&file=a.md');
    // An older stored address is read as its address today.
    expect(referenceHref('/journal?date=2026-11-03')).toBe('/journal/2026-11-03');
    for (const url of ['https://example.com/x', '//example.com/x', '/\\example.com', 'javascript:alert(1)', 'journal/2026-11-03', ''])
      expect(referenceHref(url)).toBeNull();
  });

  it('turns each [n] with a reference into a link, once, outside links and code', () => {
    const malformed = { n: 3, url: '/people?person=3' } as unknown as ReturnType<typeof ref>;
    const links = referenceLinks([ref(1, '/journal/2026-11-03'), ref(1, '/people?person=9'), ref(2, 'https://example.com'), malformed]);
    expect(links).toEqual([{ n: 1, title: 'Note 1', href: '/journal/2026-11-03' }]);
    const html = renderCitedMarkdown('Late [1][1], [2], [01], `[1]` and [a [1] link](/x).\n\n```\n[1]\n```', links);
    const root = document.createElement('div');
    root.innerHTML = html;
    const cited = [...root.querySelectorAll('a.cc-chat-ref')];
    expect(cited).toHaveLength(2);
    expect(cited.map((a) => a.getAttribute('href'))).toEqual(['/journal/2026-11-03', '/journal/2026-11-03']);
    expect(root.querySelector('p')?.textContent).toBe('Late [1][1], [2], [01], [1] and a [1] link.');
    // The markdown link keeps its own target (a new tab) and holds no citation link.
    expect(root.querySelector('a[href="/x"]')?.querySelector('a')).toBeNull();
    expect(root.querySelector('pre')?.textContent).toBe('[1]\n');
  });

  it('shows a notice said again only under its first answer', () => {
    expect(noticesOnce([{}, { notice: 'Sent.' }, { notice: 'Sent.' }, { notice: 'Other.' }])).toEqual([
      undefined,
      'Sent.',
      undefined,
      'Other.',
    ]);
  });
});
