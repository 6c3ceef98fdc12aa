import { createEmbedder } from '@cc/ai';
import { FILES_MESSAGES } from '@cc/contracts';
import {
  domainImportRoutes,
  modelMessages,
  TrashPurge,
  undoAbandonedImports,
  type ServiceContext,
  type ServiceRouter,
} from '@cc/service-kit';
import type { FilesSettings } from './settings';
import { accountRoutes } from './account-routes';
import { exportRoutes } from './export-routes';
import { filesImport } from './import';
import { fileRoutes } from './files-routes';
import { folderRoutes } from './folders-routes';
import { journalRoutes } from './journal-routes';
import { listenForListingChanges, listingCache } from './listing-cache';
import { mentionRoutes } from './mentions-routes';
import { revisionRoutes } from './revisions-routes';
import { searchRoutes } from './search-routes';
import { FilesEmbeddings, noSearchIndex } from './search-vectors';
import { suggestionRoutes } from './suggestions-routes';
import { purgeHistory, SCHEMA as TRASH_SCHEMA } from './trash';
import { trashRoutes } from './trash-routes';

/**
 * svc-files: folders, files, AI suggestions and drafts, summaries and the journal
 * (docs/architecture.md#route-ownership). AI goes through packages/ai (the endpoint of AI_BASE_URL, else the offline coach) and the
 * kit's model-call path. Settings: settings.ts. With EMBEDDINGS_MODEL, search also ranks by
 * meaning: files and journal days are embedded in the background (search-vectors.ts).
 */
export function filesRoutes(
  router: ServiceRouter,
  { db, log, settings, config, modelCalls, background }: ServiceContext<FilesSettings>,
): void {
  const ai = modelCalls(modelMessages(FILES_MESSAGES));
  const listing = listingCache(settings.FILES_LISTING_CACHE_MB * 1024 * 1024);
  if (settings.FILES_LISTING_CACHE) listenForListingChanges(db, listing, log);
  const embedder = createEmbedder(config.env ?? {});
  const embeddings = embedder ? new FilesEmbeddings(db, log, embedder) : undefined;
  if (embeddings) background(embeddings);
  const index = embeddings ?? noSearchIndex;
  folderRoutes(router, db, listing, index);
  fileRoutes(router, db, ai, listing, index);
  suggestionRoutes(router, db, ai);
  journalRoutes(router, db, index);
  revisionRoutes(router, db, index);
  mentionRoutes(router, db);
  trashRoutes(router, db, listing, index);
  const importPart = filesImport(db, (userId) => {
    listing.invalidate(userId);
    index.changed();
  });
  background(
    new TrashPurge(db, log, {
      schema: TRASH_SCHEMA,
      onPurged: purgeHistory,
      alsoDaily: { what: 'abandoned imports taken back', run: (now) => undoAbandonedImports(importPart, now) },
    }),
  );
  exportRoutes(router, db);
  domainImportRoutes(router, 'files', importPart);
  accountRoutes(router, db, listing);
  searchRoutes(router, db, embedder ? { embedder, log, minSimilarity: settings.EMBEDDINGS_MIN_SIMILARITY } : undefined);
}
