import { suggestionKey, normalizeCount } from './text';
import type { Suggestion } from './types';

/** Drops what the user already has or turned down, and duplicates, then keeps `count`. */
export function filterSuggestions(
  suggestions: Suggestion[],
  { existing, rejected, count }: { existing: string[]; rejected: string[]; count: unknown },
): Suggestion[] {
  const taken = new Set([...existing, ...rejected].map(suggestionKey));
  const out: Suggestion[] = [];
  for (const s of suggestions) {
    const key = suggestionKey(s.name);
    if (!key || taken.has(key)) continue;
    taken.add(key);
    out.push(s);
  }
  return out.slice(0, normalizeCount(count));
}
