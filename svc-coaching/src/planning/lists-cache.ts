import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
import { listenForChanges, type Db, type Logger } from '@cc/service-kit';

/**
 * The `GET /planning/todos` and `GET /planning/milestones` answers (the whole lists, not a
 * page) per user, kept in memory as JSON bytes with a gzipped copy, so the planning page's two
 * reads cost no query, no serialisation and no compression while nothing changed: 1,000 todos
 * are 300 KB of JSON, about 10 ms of a core per read, which a loaded machine stretched to
 * 100-250 ms on the page's cold visit (bench/modules/planning.ts).
 *
 * The same scheme as svc-files' listing cache: coherent across instances through a trigger on
 * todos and milestones (planning migration 007) that sends `NOTIFY planning_lists,
 * '<user_id>'` at commit; each instance LISTENs on its own connection. Both lists go together
 * (a todo's change moves its milestone's progress, a milestone's deletion unlinks todos). The
 * instance that handled a write drops the user's lists itself before answering (module.ts), so
 * a user always reads their own writes; other instances follow within the notification's
 * delivery. Without a working LISTEN (connection lost, PGlite) the cache is off.
 */
export type PlanningList = 'todos' | 'milestones';

export interface CachedList {
  /** UTF-8 bytes of the whole answer, encoded once. */
  body: Buffer;
  /** The body gzipped, made on the first read that accepts gzip (then kept with it). */
  gzipped?: Promise<Buffer>;
}

const gzipAsync = promisify(gzip);

/** Gzip once per list (on the thread pool), not once per answer as the gateway would. */
export function gzippedBody(list: CachedList): Promise<Buffer> {
  list.gzipped ??= gzipAsync(list.body, { level: 3 });
  return list.gzipped;
}

/**
 * Answers a cached list: the gzipped copy to a client that takes gzip (the gateway passes an
 * encoded answer on as it is), the JSON bytes otherwise. The same JSON as the handler's object.
 */
export async function sendList(ctx: Koa.Context, list: CachedList): Promise<Buffer> {
  ctx.type = 'application/json';
  ctx.vary('Accept-Encoding');
  if (list.body.byteLength <= 1024 || ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') return list.body;
  ctx.set('Content-Encoding', 'gzip');
  return gzippedBody(list);
}

export const PLANNING_LISTS_CHANNEL = 'planning_lists';

type Entry = Partial<Record<PlanningList, CachedList>>;

/**
 * The lists, least recently used user first out past `maxBytes` or `maxEntries`. A load that
 * raced with a change is answered but not stored: each load holds a ticket that an
 * invalidation of its user (or a clear) tears.
 */
export class PlanningListsCache {
  private readonly users: LRUCache<number, Entry>;
  private readonly loads = new Map<number, Set<{ torn: boolean }>>();
  private enabled = false;

  constructor(maxBytes: number, maxEntries = 50_000) {
    this.users = new LRUCache({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, (entry.todos?.body.byteLength ?? 0) + (entry.milestones?.body.byteLength ?? 0)),
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

  /** Both of the user's lists are dropped (and any load of them under way is not stored). */
  invalidate(userId: number): void {
    for (const ticket of this.loads.get(userId) ?? []) ticket.torn = true;
    this.users.delete(userId);
  }

  /** The cached list, or `load()`'s answer as JSON (stored unless the user's lists changed meanwhile). */
  async get(userId: number, list: PlanningList, load: () => Promise<unknown>): Promise<CachedList> {
    if (!this.enabled) return encoded(await load());
    const cached = this.users.get(userId)?.[list];
    if (cached) return cached;
    const ticket = { torn: false };
    const tickets = this.loads.get(userId) ?? new Set();
    this.loads.set(userId, tickets.add(ticket));
    try {
      const answer = encoded(await load());
      if (this.enabled && !ticket.torn) {
        // A new object: the LRU sizes an entry when it is set.
        this.users.set(userId, { ...this.users.get(userId), [list]: answer });
      }
      return answer;
    } finally {
      tickets.delete(ticket);
      if (!tickets.size) this.loads.delete(userId);
    }
  }
}

const encoded = (answer: unknown): CachedList => ({ body: Buffer.from(JSON.stringify(answer), 'utf8') });

/**
 * Keeps the cache on while a LISTEN connection (kit listenForChanges) hears every change, and
 * off (every read queries) while there is none: connection lost, PGlite.
 */
export function listenForPlanningChanges(db: Db, cache: PlanningListsCache, log: Logger): void {
  listenForChanges(
    db,
    PLANNING_LISTS_CHANNEL,
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
