import { dbOpen, type Db } from './db';
import type { Logger } from './logger';

/**
 * What a per-process cache hears from Postgres so that every replica of a service agrees: a
 * `LISTEN` on its own connection (outside the pool, which would hand it to a query), kept open
 * with backoff until the service's knex is destroyed. Users: svc-files' `GET /files` listing
 * (channel `files_listing`) and the kit's remote session check (`sessions_revoked`).
 */
export interface ListenHandlers {
  /** One notification's payload (an id: channels never carry user content). */
  notify(payload: string): void;
  /** LISTEN is in place: every change from now on is heard; what came before is unknown. */
  up(): void;
  /** LISTEN is gone (connection lost, service stopping): changes may go unheard until `up`. */
  down(): void;
}

interface RawPgClient {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', cb: (msg: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', cb: (err?: Error) => void): void;
  end(): Promise<void>;
  connection?: { stream?: { unref?: () => void } };
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * Starts listening on `channel` for as long as `db` is open; answers false (and never calls
 * `up`) when `db` cannot LISTEN: PGlite, whose one connection serves every query, in which
 * case the caller keeps whatever it does without notifications.
 */
export function listenForChanges(db: Db, channel: string, handlers: ListenHandlers, log: Logger): boolean {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const client = db.client as { config?: { client?: unknown }; acquireRawConnection?: () => Promise<RawPgClient> };
  if (client.config?.client !== 'pg' || typeof client.acquireRawConnection !== 'function') return false;
  /** Once the service's knex is destroyed, this connection goes too. */
  const alive = () => dbOpen(db);
  let delay = 500;
  let current: RawPgClient | undefined;
  const watch = setInterval(() => {
    if (alive()) return;
    clearInterval(watch);
    handlers.down();
    current?.end().catch(() => {});
  }, 2_000);
  watch.unref();

  const connect = async () => {
    if (!alive()) return;
    let conn: RawPgClient | undefined;
    let failed = false;
    /** Once per attempt, whichever comes first: an error, the end, or a failed LISTEN. */
    const fail = (err?: unknown) => {
      if (failed) return;
      failed = true;
      handlers.down();
      conn?.end().catch(() => {});
      if (!alive()) return;
      log.warn({ err, channel }, 'no LISTEN connection: reconnecting');
      retry();
    };
    try {
      conn = await client.acquireRawConnection!.call(db.client);
      current = conn;
      // The HTTP server keeps a service alive; this connection must not (tests, shutdown).
      conn.connection?.stream?.unref?.();
      conn.on('error', fail);
      conn.on('end', fail);
      conn.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) handlers.notify(msg.payload);
      });
      await conn.query(`listen ${channel}`);
      if (failed) return;
      delay = 500;
      handlers.up();
    } catch (err) {
      fail(err);
    }
  };
  const retry = () => {
    if (!alive()) return;
    const timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, 30_000);
  };
  void connect();
  return true;
}
