import { listenForUserChanges, UserAnswerCache, type Db, type Logger } from '@cc/service-kit';

/**
 * The `GET /files` answer per user (the kit's UserAnswerCache: JSON bytes, ETag, gzipped once),
 * so the explorer's list costs no query while nothing changed. A trigger on folders and files
 * (migration 004) sends `NOTIFY files_listing, '<user_id>'` on every change the list shows (not on
 * content saves); the instance that made a change drops the entry itself before answering.
 */
export type ListingCache = UserAnswerCache<'listing'>;

export const LISTING_CHANNEL = 'files_listing';

export const listingCache = (maxBytes: number, maxEntries?: number): ListingCache => new UserAnswerCache<'listing'>(maxBytes, maxEntries);

export function listenForListingChanges(db: Db, cache: ListingCache, log: Logger): boolean {
  return listenForUserChanges(db, LISTING_CHANNEL, cache, log);
}
