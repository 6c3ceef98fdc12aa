import type { Embedder } from '@cc/ai';
import { domainKinds, SEARCH_KINDS, type SearchGroup } from '@cc/contracts/search';
import { parseSearch, type Db, type Logger, type ServiceRouter } from '@cc/service-kit';
import { searchCoaching } from './coaching/search';
import { searchPlanning } from './planning/search';
import type { KindAsk, QueryMeaning } from './search-sql';

/** Search by meaning beside full text: the service's embedder, when EMBEDDINGS_MODEL is set. */
export interface MeaningSearch {
  embedder: Embedder;
  log: Logger;
  /** The cosine a row's vector must reach to count (EMBEDDINGS_MIN_SIMILARITY). */
  minSimilarity: number;
}

/**
 * How long a search waits for its query's vector before answering by full text alone. Under
 * svc-chat's 1.5 s for a domain, so a slow model still leaves time for the full-text answer; a
 * chat's retrieval (`any`) has 800 ms in all, so it waits less (as svc-files waits).
 */
export const QUERY_VECTOR_MS = 1_200;
export const RETRIEVAL_VECTOR_MS = 400;

/** The query's vector, or null (no model answer in time, an error): then full text alone. Never logs the query. */
async function queryVector(meaning: MeaningSearch, q: string, any: boolean): Promise<number[] | null> {
  try {
    const [vector] = await meaning.embedder.embed([q.trim()], AbortSignal.timeout(any ? RETRIEVAL_VECTOR_MS : QUERY_VECTOR_MS));
    return vector ?? null;
  } catch (err) {
    // Only what failed: the error's kind and code, never a message that might quote something.
    const { name, code } = err as { name?: unknown; code?: unknown };
    meaning.log.warn(
      { failure: { name: String(name ?? 'Error'), code: typeof code === 'string' ? code : undefined } },
      'search by meaning unavailable: full text only',
    );
    return null;
  }
}

/**
 * GET /coaching/search (docs/search.md#coaching): todos, milestones and action-plan weeks
 * (planning's tables, planning/search.ts) and check-in answers and information-gathering plans
 * (coaching's, coaching/search.ts), each module's SQL over its own tables. The path is the
 * coaching module's (it registers this route); the groups follow SEARCH_KINDS, every asked kind present.
 * With `meaning` (EMBEDDINGS_MODEL set), the query is embedded once, beside the full-text
 * queries, and each kind's ranking is fused with the nearest vectors; without it, or when the
 * model fails or is slow, the answer is full text's alone.
 */
export function searchRoutes(router: ServiceRouter, db: Db, meaning?: MeaningSearch): void {
  router.get('/coaching/search', {}, async (_ctx, { user, query }) => {
    const kinds = domainKinds('coaching', query.kinds);
    const any = query.any === true;
    const parsed = parseSearch(query.q, { any });
    // Nothing searchable in the query ("?!"): every group empty.
    if (!parsed) return { success: true as const, groups: kinds.map((kind) => ({ kind, total: 0, results: [] })) };
    const ask: KindAsk = {
      userId: user.id,
      parsed,
      limit: query.limit,
      own: query.own === true,
      typos: !any && parsed.words.some((w) => w.length >= 3),
    };
    const vector: Promise<QueryMeaning | null> | undefined = meaning
      ? queryVector(meaning, query.q, any).then((found) => ({
          vector: found,
          model: meaning.embedder.model,
          minSimilarity: meaning.minSimilarity,
          // Any of the words (a snippet marks those a row holds, even when it holds only one).
          anyWords: parsed.rankQuery ?? parseSearch(query.q, { any: true })?.rankQuery ?? parsed.tsquery,
        }))
      : undefined;
    const groups: SearchGroup[] = await Promise.all([...searchPlanning(db, ask, kinds, vector), ...searchCoaching(db, ask, kinds, vector)]);
    groups.sort((a, b) => SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind));
    return { success: true as const, groups };
  });
}
