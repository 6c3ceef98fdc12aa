import type { Db, MeaningSearch, ServiceRouter } from '@cc/service-kit';
import { searchPeopleDomain } from './search';

/**
 * GET /people/search: the user's people, meetings and About me statements (docs/search.md#people).
 * With `meaning` (EMBEDDINGS_MODEL set), full text and meaning fused.
 */
export function searchRoutes(router: ServiceRouter, db: Db, meaning?: MeaningSearch): void {
  // A literal path: the kit registers it before /people/{id}, so "search" is never read as an id.
  router.get('/people/search', {}, async (_ctx, { user, query }) => ({
    success: true,
    groups: await searchPeopleDomain(db, user.id, query, meaning),
  }));
}
