import type { ServiceContext, ServiceRouter } from '@cc/service-kit';
import { filesAi } from './ai';
import { fileRoutes } from './files-routes';
import { folderRoutes } from './folders-routes';
import { journalRoutes } from './journal-routes';
import { ListingCache, listenForListingChanges } from './listing-cache';
import { suggestionRoutes } from './suggestions-routes';

/**
 * svc-files: folders, files, AI suggestions and drafts, summaries and the journal (DESIGN.md
 * §2). AI goes through packages/ai: the endpoint of AI_BASE_URL, else the offline coach.
 * Settings: AI_* (packages/ai), AI_RATE_LIMIT_PER_MINUTE (30), FILES_LISTING_CACHE (`off` turns the
 * GET /files cache off), FILES_LISTING_CACHE_MB (64).
 */
export function filesRoutes(router: ServiceRouter, { db, log, config }: ServiceContext): void {
  const env = config.env ?? {};
  const ai = filesAi(env, log);
  const listing = new ListingCache((Number(env.FILES_LISTING_CACHE_MB) || 64) * 1024 * 1024);
  if (env.FILES_LISTING_CACHE !== 'off') listenForListingChanges(db, listing, log);
  folderRoutes(router, db, listing);
  fileRoutes(router, db, ai, listing);
  suggestionRoutes(router, db, ai);
  journalRoutes(router, db);
}
