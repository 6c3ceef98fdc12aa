import { domainKinds, SEARCH_KINDS, type SearchGroup } from '@cc/contracts/search';
import { parseSearch, parseTopicSearch, queryVector, type Db, type MeaningSearch, type ServiceRouter } from '@cc/service-kit';
import { searchCoaching } from './coaching/search';
import { searchPlanning } from './planning/search';
import { T as planningTables } from './planning/tables';
import type { KindAsk, QueryMeaning } from './search-sql';

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
    // A chat's topic words, without those most notes hold (docs/search.md#common-words).
    const parsed = any ? await parseTopicSearch(db, query.q, [planningTables.todos, planningTables.milestones]) : parseSearch(query.q);
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
