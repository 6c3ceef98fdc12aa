import { domainTrashRoutes, type Db, type ServiceRouter } from '@cc/service-kit';
import type { ListingCache } from './listing-cache';
import type { SearchIndex } from './search-vectors';
import { filesRestorers, purgeHistory, SCHEMA } from './trash';

/** GET/DELETE /files/trash and POST /files/trash/restore: folders, files and journal days deleted in the last 30 days (docs/trash.md). */
export function trashRoutes(router: ServiceRouter, db: Db, listing: ListingCache, index: SearchIndex): void {
  domainTrashRoutes(router, 'files', {
    db,
    schema: SCHEMA,
    restorers: filesRestorers,
    onPurged: purgeHistory,
    restored: (userId) => {
      listing.invalidate(userId);
      // Its vectors went with the delete (or at the next run): made again at the next one.
      index.changed();
    },
  });
}
