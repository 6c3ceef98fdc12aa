import knexFactory, { type Knex } from 'knex';
import type { BenchContext, BenchUser } from './types';

/** The bench's own database (the stack's services use it; seeds write to it directly). */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench';

/**
 * Runs `write` on a connection to the bench database and closes it. Seeds write rows straight
 * into a service's tables where thousands of API calls would take minutes; the rows are what the
 * API stores.
 */
export async function withBenchDb<T>(write: (db: Knex) => Promise<T>): Promise<T> {
  const db = knexFactory({ client: 'pg', connection: BENCH_DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    return await write(db);
  } finally {
    await db.destroy();
  }
}

/** GET `path` through the gateway as `user`, its JSON answer. */
export async function getJson<T>(ctx: BenchContext, user: BenchUser, path: string): Promise<T> {
  const res = await fetch(new URL(path, ctx.baseURL), { headers: { accept: 'application/json', cookie: user.cookie } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The id of the signed-in account (what its rows carry as user_id). */
export async function userIdOf(ctx: BenchContext, user: BenchUser): Promise<number> {
  return (await getJson<{ user: { id: number } }>(ctx, user, '/auth/session')).user.id;
}
