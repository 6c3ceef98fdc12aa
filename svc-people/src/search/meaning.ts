import type { SearchGroup, SearchResult } from '@cc/contracts/search';
import { fuseGroup, nearest, snippetOf } from '@cc/service-kit';
import type { Db, MeaningSearch, NearestRow } from '@cc/service-kit';
import { SCHEMA } from '../search-vectors';
import { shown, type Ask, type PeopleKind } from './shared';

/** The start of a text shown for a match by meaning alone, when none of the query's words is in it. */
const BODY_START_CHARS = 600;

/** An object the nearest vectors found: its result, its weighted similarity, and whether full text matches it too. */
export interface MeaningHit {
  result: SearchResult;
  score: number;
  /** Matches the full-text query: counted in the full-text total already. */
  matched: boolean;
}

/** One kind's objects among the nearest vectors, as results (persons.ts, meetings.ts, statements.ts). */
export type MeaningFind = (db: Db, ask: Ask, near: NearestRow[], anyWords: string) => Promise<MeaningHit[]>;

/** Its snippet: around the query's words when any is in it (marked), else the text's start, else the title. */
export function meaningSnippet(marked: string | null, text: string | null, title: string): Pick<SearchResult, 'snippet' | 'highlights'> {
  if (marked?.includes('\u0001')) return shown(marked, text);
  if (text?.trim()) return snippetOf(text.slice(0, BODY_START_CHARS));
  return { snippet: title, highlights: [] };
}

export const scoreOf = (near: NearestRow[], kind: string, id: string | number) =>
  near.find((r) => r.kind === kind && r.object_id === String(id))?.score;

/**
 * One kind's full-text group fused with the user's nearest objects of that kind (reciprocal rank
 * fusion; ties go to full text). An object found by meaning alone gets its own result; `total`
 * is the full-text total plus those among the nearest that full text does not match.
 */
export async function withMeaning(
  db: Db,
  ask: Ask,
  group: SearchGroup,
  vector: number[],
  meaning: MeaningSearch,
  anyWords: string,
  find: MeaningFind,
): Promise<SearchGroup> {
  const kind = group.kind as PeopleKind;
  // A person's research is their generated text: looked at only when results may show it.
  const kinds = kind === 'person' && !ask.own ? ['person', 'research'] : [kind];
  const limit = ask.limit * kinds.length;
  const near = (await nearest(db, SCHEMA, { userId: ask.userId, kinds, model: meaning.embedder.model, vector, limit })).filter(
    (r) => r.score >= meaning.minSimilarity,
  );
  if (!near.length) return group;
  // Objects that still exist (a vector may outlive its object until the next run).
  const ranked = (await find(db, ask, near, anyWords)).sort((a, b) => b.score - a.score || a.result.id.localeCompare(b.result.id));
  return fuseGroup(group, ranked, ask.limit);
}
