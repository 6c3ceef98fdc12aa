import type { Db, ServiceRouter } from '@cc/service-kit';
import { searchPeopleDomain } from './search';

/** GET /people/search: the user's people, meetings and About me statements (docs/search.md#people). */
export function searchRoutes(router: ServiceRouter, db: Db): void {
  // A literal path: the kit registers it before /people/{id}, so "search" is never read as an id.
  router.get('/people/search', {}, async (_ctx, { user, query }) => ({
    success: true,
    groups: await searchPeopleDomain(db, user.id, query),
  }));
}
