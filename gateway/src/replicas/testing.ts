/**
 * What the cross-replica tests share: they need a real Postgres (LISTEN/NOTIFY, advisory locks,
 * one database several pools reach), and are skipped, saying so, where none is reachable.
 */
import { describe } from '@jest/globals';
import type { Db } from '@cc/service-kit';
import { postgresReachable, until } from '@cc/service-kit/testing';

export const onPostgres = process.env.TEST_DB !== 'pglite' && (await postgresReachable());

/** `describe` on Postgres; elsewhere skipped, with the reason in its title. */
export function describeReplicas(title: string, body: () => void): void {
  if (onPostgres) describe(title, body);
  else describe.skip(`${title} (skipped: replicas need a real Postgres at 127.0.0.1:5432)`, body);
}

/** Waits until `count` connections LISTEN on `channel` (each replica opens its own in the background). */
export async function listening(db: Db, channel: string, count: number): Promise<void> {
  await until(async () => {
    const { rows } = (await db.raw(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = ?`, [
      `listen ${channel}`,
    ])) as {
      rows: { n: number }[];
    };
    return rows[0]!.n >= count;
  });
}
