import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { listenForChanges, type Db, type Logger } from '@cc/service-kit';

/**
 * The `GET /files` answer per user, kept in memory so the explorer's list costs no query
 * while nothing changed. Coherent across instances: a trigger on folders and files (migration
 * 004) sends `NOTIFY files_listing, '<user_id>'` on every change the list shows (not on content
 * saves), and each instance LISTENs on its own connection. The instance that made a change
 * also drops the entry itself before answering, so a user always reads their own writes; other
 * instances follow within the notification's delivery time (about a millisecond on one host).
 * Without a working LISTEN (connection lost, PGlite) the cache is off and every read queries.
 */
export interface Listing {
  /** UTF-8 bytes, encoded once rather than on every answer. */
  body: Buffer;
  etag: string;
  /** The body gzipped, made on the first request that accepts gzip (then kept with it). */
  gzipped?: Promise<Buffer>;
}

const gzipAsync = promisify(gzip);

/** Gzip once per listing (on the thread pool), not once per answer as a proxy would. */
export function gzippedBody(listing: Listing): Promise<Buffer> {
  listing.gzipped ??= gzipAsync(listing.body, { level: 3 });
  return listing.gzipped;
}

export const LISTING_CHANNEL = 'files_listing';

/**
 * The listings, least recently used first out past `maxBytes` or `maxEntries` (lru-cache). A
 * load that raced with a change is answered but not stored: each load holds a ticket that an
 * invalidation of its user (or a clear) tears.
 */
export class ListingCache {
  private readonly listings: LRUCache<number, Listing>;
  private readonly loads = new Map<number, Set<{ torn: boolean }>>();
  private enabled = false;

  constructor(maxBytes: number, maxEntries = 50_000) {
    this.listings = new LRUCache({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (listing) => listing.body.byteLength });
  }

  get active(): boolean {
    return this.enabled;
  }

  /** Turns caching on or off; either way everything cached so far is dropped. */
  setActive(on: boolean): void {
    this.enabled = on;
    this.clear();
  }

  clear(): void {
    for (const tickets of this.loads.values()) for (const ticket of tickets) ticket.torn = true;
    this.listings.clear();
  }

  invalidate(userId: number): void {
    for (const ticket of this.loads.get(userId) ?? []) ticket.torn = true;
    this.listings.delete(userId);
  }

  /** The cached listing, or `load()`'s (stored unless the user's list changed meanwhile). */
  async get(userId: number, load: () => Promise<string>): Promise<Listing> {
    if (!this.enabled) return withEtag(await load());
    const cached = this.listings.get(userId);
    if (cached) return cached;
    const ticket = { torn: false };
    const tickets = this.loads.get(userId) ?? new Set();
    this.loads.set(userId, tickets.add(ticket));
    try {
      const listing = withEtag(await load());
      if (this.enabled && !ticket.torn) this.listings.set(userId, listing);
      return listing;
    } finally {
      tickets.delete(ticket);
      if (!tickets.size) this.loads.delete(userId);
    }
  }
}

function withEtag(text: string): Listing {
  const body = Buffer.from(text, 'utf8');
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Keeps the cache on while a LISTEN connection (kit listenForChanges) hears every change, and
 * off (every read queries) while there is none: connection lost, PGlite.
 */
export function listenForListingChanges(db: Db, cache: ListingCache, log: Logger): void {
  listenForChanges(
    db,
    LISTING_CHANNEL,
    {
      notify: (payload) => {
        const userId = Number(payload);
        if (Number.isInteger(userId)) cache.invalidate(userId);
      },
      // Changes made while no one listened are unknown: start from empty.
      up: () => cache.setActive(true),
      down: () => cache.setActive(false),
    },
    log,
  );
}
