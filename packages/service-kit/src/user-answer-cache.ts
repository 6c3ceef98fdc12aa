import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
import type { Db } from './db';
import type { Logger } from './logger';
import { listenForChanges } from './pg-listen';

/**
 * Whole-list answers kept in memory per user (svc-files' `GET /files`, svc-coaching's todo and
 * milestone lists), as JSON bytes with an ETag and a gzipped copy made once, so a list read
 * while nothing changed costs no query, no serialisation and no compression.
 *
 * Coherent across instances: a trigger on the tables the lists show sends `NOTIFY <channel>,
 * '<user_id>'` at commit, and each instance LISTENs on its own connection
 * (`listenForUserChanges`). The instance that handled a write drops the user's answers itself
 * before answering, so a user always reads their own writes; other instances follow within the
 * notification's delivery (about a millisecond on one host). Without a working LISTEN
 * (connection lost, PGlite) the cache is off and every read queries.
 */
export interface CachedAnswer {
  /** UTF-8 bytes, encoded once rather than on every answer. */
  body: Buffer;
  etag: string;
  /** The body gzipped, made on the first request that accepts gzip (then kept with it). */
  gzipped?: Promise<Buffer>;
}

const gzipAsync = promisify(gzip);

/** Gzip once per answer kept (on the thread pool), not once per request as a proxy would. */
export function gzippedBody(answer: CachedAnswer): Promise<Buffer> {
  answer.gzipped ??= gzipAsync(answer.body, { level: 3 });
  return answer.gzipped;
}

/**
 * Sends a kept answer as JSON: the gzipped copy to a client that takes gzip (the gateway passes
 * an encoded answer on as it is), the bytes otherwise.
 */
export async function sendCachedJson(ctx: Koa.Context, answer: CachedAnswer): Promise<Buffer> {
  ctx.type = 'application/json';
  ctx.vary('Accept-Encoding');
  if (answer.body.byteLength <= 1024 || ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') return answer.body;
  ctx.set('Content-Encoding', 'gzip');
  return gzippedBody(answer);
}

export function cachedAnswer(json: string): CachedAnswer {
  const body = Buffer.from(json, 'utf8');
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * The answers, by user and then by list (`key`), least recently used user first out past
 * `maxBytes` or `maxEntries` (lru-cache). A user's change drops all their lists together (a
 * todo's change moves its milestone's progress). A load that raced with a change is answered but
 * not stored: each load holds a ticket that an invalidation of its user (or a clear) tears.
 */
export class UserAnswerCache<K extends string> {
  private readonly users: LRUCache<number, Partial<Record<K, CachedAnswer>>>;
  private readonly loads = new Map<number, Set<{ torn: boolean }>>();
  private enabled = false;

  constructor(maxBytes: number, maxEntries = 50_000) {
    this.users = new LRUCache({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, sizeOf(entry)),
    });
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
    this.users.clear();
  }

  /** All the user's answers are dropped (and any load of them under way is not stored). */
  invalidate(userId: number): void {
    for (const ticket of this.loads.get(userId) ?? []) ticket.torn = true;
    this.users.delete(userId);
  }

  /** The kept answer, or `load()`'s JSON (kept unless the user's lists changed meanwhile). */
  async get(userId: number, key: K, load: () => Promise<string>): Promise<CachedAnswer> {
    if (!this.enabled) return cachedAnswer(await load());
    const kept = this.users.get(userId)?.[key];
    if (kept) return kept;
    const ticket = { torn: false };
    const tickets = this.loads.get(userId) ?? new Set();
    this.loads.set(userId, tickets.add(ticket));
    try {
      const answer = cachedAnswer(await load());
      // A new object: the LRU sizes an entry when it is set.
      if (this.enabled && !ticket.torn) this.users.set(userId, { ...this.users.get(userId), [key]: answer });
      return answer;
    } finally {
      tickets.delete(ticket);
      if (!tickets.size) this.loads.delete(userId);
    }
  }
}

function sizeOf(entry: Partial<Record<string, CachedAnswer>>): number {
  let bytes = 0;
  for (const answer of Object.values(entry)) bytes += answer?.body.byteLength ?? 0;
  return bytes;
}

/**
 * Keeps the cache on while a LISTEN connection (listenForChanges) hears every change on
 * `channel` (payload: the user id), and off (every read queries) while there is none.
 */
export function listenForUserChanges(db: Db, channel: string, cache: UserAnswerCache<string>, log: Logger): boolean {
  return listenForChanges(
    db,
    channel,
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
