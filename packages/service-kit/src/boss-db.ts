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
      } finally {
        await client.releaseConnection(conn);
      }
    },
  };
}
