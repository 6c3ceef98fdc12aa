import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Db } from './db';

export interface PostgresRateLimitOptions {
  db: Db;
  /** The service's schema: the limiter's table lives with the service's own tables. */
  schema: string;
  tableName: string;
  /** Keeps the keys of two limits in one table apart. */
  keyPrefix: string;
  /** What a key may consume in `duration` seconds. */
  points: number;
  duration: number;
  /**
   * Delete expired rows every five minutes (an unreferenced timer): for keys that arrive
   * unbounded, such as the emails and addresses of sign-in attempts.
   */
  clearExpired?: boolean;
}

/**
 * rate-limiter-flexible's Postgres store, the one the services' limits use: one atomic upsert per
 * consumption on the key's row, so a limit holds across instances. Made on first use (the
 * service's schema exists only once its migrations have run); the answer is that getter.
 */
export function postgresRateLimit(options: PostgresRateLimitOptions): () => Promise<RateLimiterPostgres> {
  let limiter: Promise<RateLimiterPostgres> | undefined;
  return () => {
    limiter ??= postgresLimiter(options)
      // Two instances creating the table at once: one loses the race, and its retry finds the table.
      .catch(() => postgresLimiter(options))
      .catch((err: unknown) => {
        limiter = undefined;
        throw err;
      });
    return limiter;
  };
}

/**
 * On PGlite (the embedded run) the store talks to PGlite directly, whose query API differs from
 * pg's and which returns int8 as BigInt (the limiter does arithmetic on it).
 */
function postgresLimiter({
  db,
  schema,
  tableName,
  keyPrefix,
  points,
  duration,
  clearExpired,
}: PostgresRateLimitOptions): Promise<RateLimiterPostgres> {
  const pglite = (db.client.config.connection as { pglite?: PgliteLike } | undefined)?.pglite;
  const store = pglite
    ? {
        storeType: 'client',
        storeClient: { query: (q: { text: string; values?: unknown[] }) => pglite.query(q.text, q.values, { parsers: { 20: Number } }) },
      }
    : { storeType: 'knex', storeClient: db };
  return new Promise((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres(
      { ...store, schemaName: schema, tableName, keyPrefix, points, duration, clearExpiredByTimeout: clearExpired ?? false },
      (err?: unknown) => (err ? reject(err) : resolve(limiter)),
    );
  });
}

interface PgliteLike {
  query(text: string, values?: unknown[], options?: { parsers?: Record<number, (value: string) => unknown> }): Promise<{ rows: unknown[] }>;
}
