import type { Db, MeaningSearch, ServiceRouter } from '@cc/service-kit';
import { searchFiles } from './search';

/**
 * GET /files/search: the files and journal part of the workspace search (svc-chat's GET /search
 * asks it as the caller). With `meaning` (EMBEDDINGS_MODEL set), full text and meaning fused.
 */
export function searchRoutes(router: ServiceRouter, db: Db, meaning?: MeaningSearch): void {
  router.get('/files/search', {}, async (ctx, { user, query }) => {
    ctx.set('Cache-Control', 'no-store');
    return { success: true, groups: await searchFiles(db, user.id, query, meaning) };
  });
}
