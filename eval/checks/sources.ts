/**
 * Cites only sources that exist: every [n] marker has its citation, and every source an answer
 * names (a statement's source, a citation's title) is one the input offered.
 */
import { normalize } from './text';
import type { Check } from './types';

export const citesRealSources: Check = ({ reading, sources }) => {
  const problems: string[] = [];
  if (reading.citationCount !== undefined) {
    const markers = [...reading.text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    const dangling = [...new Set(markers.filter((n) => n < 1 || n > reading.citationCount!))];
    if (dangling.length) problems.push(`cites ${dangling.map((n) => `[${n}]`).join(', ')} with no such source`);
  }
  const offered = new Set((sources ?? []).map(normalize));
  const cited = reading.cited ?? [];
  const unsourced = cited.filter((c) => !c.trim()).length;
  if (unsourced) problems.push(`names no source for ${unsourced} of its ${cited.length} statements`);
  const unknown = [...new Set(cited.filter((c) => c.trim() && !offered.has(normalize(c))))];
  if (unknown.length) problems.push(`cites ${unknown.map((c) => `"${c}"`).join(', ')}, not among the sources given`);
  return problems;
};
