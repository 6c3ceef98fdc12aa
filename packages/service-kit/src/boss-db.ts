import type PgBoss from 'pg-boss';
import type { Db } from './db';

/**
 * pg-boss over the service's own knex pool, so the job queue runs wherever the service does:
 * on Postgres (a pooled pg client) and on the embedded PGlite default, which has no connection
 * string to give pg-boss. PGlite runs a statement list only through `exec` (its `query` is one
 * prepared statement, and pg-boss sends its schema as one script).
 */
interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
interface PgliteConnection {
  exec(text: string): Promise<{ rows: unknown[] }[]>;
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export function bossDb(db: Db): { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> } {
  const client = db.client as { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<void> };
  return {
    async executeSql(text, values) {
      const conn = await client.acquireConnection();
      try {
        if (typeof (conn as PgliteConnection).exec === 'function') {
          const lite = conn as PgliteConnection;
          if (!values?.length) {
            const results = await lite.exec(text);
            return { rows: results[results.length - 1]?.rows ?? [] };
          }
          return { rows: (await lite.query(text, values)).rows };
        }
        return await (conn as PgConnection).query(text, values?.length ? values : undefined);
      } catch (err) {
        // pg-boss sends some scripts as BEGIN; …; COMMIT. One that failed half-way (a deadlock with
        // another replica's) leaves its connection in the aborted transaction: back in the pool
        // like that, every later query on it would fail ("current transaction is aborted").
        await (conn as PgConnection).query('rollback').catch(() => undefined);
        throw err;
      } finally {
        await client.releaseConnection(conn);
      }
    },
  };
}

/** Postgres' codes for a lost race: a deadlock, a unique key or a table made by the other side first. */
const RACE_CODES = new Set(['40P01', '23505', '42P07']);

/**
 * `fn` (a pg-boss queue's creation), again when it lost a race with another replica doing the
 * same at the same moment: two pg-boss `createQueue` calls for one new queue deadlock (each
 * attaches a partition to the job table), and Postgres ends one. The retry finds the queue made.
 */
export async function retriedOnRace<T>(fn: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= tries || !RACE_CODES.has((err as { code?: string }).code ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 50));
    }
  }
}

/**
 * A started pg-boss, made by `make` and started again on a fresh instance when its start lost a
 * race: two replicas starting on a database where pg-boss's schema does not exist yet both
 * create it, and one fails (`CREATE SCHEMA`: a unique key on pg_namespace; seen 13 times in 15
 * such starts). The retry finds the schema made. A failed instance is stopped first, so nothing
 * of it keeps running.
 */
export function startedBoss(make: () => PgBoss): Promise<PgBoss> {
  return retriedOnRace(async () => {
    const boss = make();
    try {
      await boss.start();
      return boss;
    } catch (err) {
      await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
      throw err;
    }
  });
}
