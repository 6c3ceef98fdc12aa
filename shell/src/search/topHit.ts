import type { SearchGroup, SearchResult } from '@cc/contracts';
import { shownTitle } from './titles';

/**
 * Case, accents and punctuation do not count: "ada-lovelace", "Ada Lovelace" and "ÁDA LOVELACE!"
 * are one text, and words are what is left between them.
 */
export function comparable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How well a title answers the query: 0 is the title itself, 1 its start, 2 a start of its words; null is no match. */
export function titleMatch(title: string, query: string): 0 | 1 | 2 | null {
  const t = comparable(title);
  const q = comparable(query);
  if (!q || !t) return null;
  if (t === q) return 0;
  if (t.startsWith(q)) return 1;
  const words = t.split(' ');
  return q.split(' ').every((word) => words.some((w) => w.startsWith(word))) ? 2 : null;
}

/**
 * The palette's top hit (docs/search.md#the-palette): groups come in a fixed order, so a person
 * named exactly as typed can sit below every file that mentions them. The result whose title (as
 * the row shows it) best matches the query is lifted above the groups; ties keep the answer's
 * order (kinds in their fixed order, each kind best first). A match in the text alone lifts nothing.
 */
export function topHit(groups: readonly SearchGroup[], query: string): SearchResult | null {
  let best: { result: SearchResult; match: number } | null = null;
  for (const group of groups) {
    for (const result of group.results) {
      const match = titleMatch(shownTitle(result), query);
      if (match !== null && (best === null || match < best.match)) best = { result, match };
      if (best?.match === 0) return best.result;
    }
  }
  return best?.result ?? null;
}
