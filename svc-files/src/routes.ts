import { FILES_MESSAGES } from '@cc/contracts';
import { modelMessages, type ServiceContext, type ServiceRouter } from '@cc/service-kit';
import type { FilesSettings } from './settings';
import { fileRoutes } from './files-routes';
import { folderRoutes } from './folders-routes';
import { journalRoutes } from './journal-routes';
import { ListingCache, listenForListingChanges } from './listing-cache';
import { mentionRoutes } from './mentions-routes';
import { searchRoutes } from './search-routes';
import { suggestionRoutes } from './suggestions-routes';

/**
 * svc-files: folders, files, AI suggestions and drafts, summaries and the journal
 * (docs/architecture.md#route-ownership). AI goes through packages/ai (the endpoint of AI_BASE_URL, else the offline coach) and the
 * kit's model-call path. Settings: settings.ts.
 */
export function filesRoutes(router: ServiceRouter, { db, log, settings, modelCalls }: ServiceContext<FilesSettings>): void {
  const ai = modelCalls(modelMessages(FILES_MESSAGES));
  const listing = new ListingCache(settings.FILES_LISTING_CACHE_MB * 1024 * 1024);
  if (settings.FILES_LISTING_CACHE) listenForListingChanges(db, listing, log);
  folderRoutes(router, db, listing);
  fileRoutes(router, db, ai, listing);
  suggestionRoutes(router, db, ai);
  journalRoutes(router, db);
  mentionRoutes(router, db);
  searchRoutes(router, db);
}
