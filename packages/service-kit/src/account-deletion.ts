import type { Db } from './db';

/**
 * Account deletion, the part every service shares (docs/api.md#account-deletion): each service
 * answers `DELETE /<domain>/account` by deleting every row of the caller in its own schema, and
 * svc-identity deletes the account only once every service has. The tables are read from the
 * catalog at each call rather than listed by hand, so a table added later (a trash, a history)
 * is covered the day it is: any table of the schema with a `user_id` column.
 */

/**
 * Tables that hold no user's data, skipped by `tablesWithoutOwner`: the migrations', and the
 * kit's model-call limit (a counter of the last minute under a key, made on first use).
 */
const BOOKKEEPING = new Set(['knex_migrations', 'knex_migrations_lock', 'model_call_limits']);

interface Edge {
  child: string;
  parent: string;
}

/** The schema's tables with a `user_id` column (partitions are reached through their parent). */
async function ownedTables(db: Db, schema: string): Promise<string[]> {
  const { rows } = (await db.raw(
    `select c.relname as name
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = 'user_id' and not a.attisdropped
      where n.nspname = ? and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
    [schema],
  )) as { rows: { name: string }[] };
  return rows.map((r) => r.name);
}

/** Foreign keys between two tables of the schema (child references parent), with whether they cascade. */
async function foreignKeys(db: Db, schema: string): Promise<(Edge & { cascades: boolean })[]> {
  const { rows } = (await db.raw(
    `select child.relname as child, parent.relname as parent, k.confdeltype as action
       from pg_catalog.pg_constraint k
       join pg_catalog.pg_class child on child.oid = k.conrelid
       join pg_catalog.pg_class parent on parent.oid = k.confrelid
       join pg_catalog.pg_namespace n on n.oid = child.relnamespace
       join pg_catalog.pg_namespace pn on pn.oid = parent.relnamespace
      where k.contype = 'f' and n.nspname = ? and pn.nspname = ?`,
    [schema, schema],
  )) as { rows: { child: string; parent: string; action: string }[] };
  return rows.map((r) => ({ child: r.child, parent: r.parent, cascades: r.action === 'c' }));
}

/**
 * `tables` with every referencing table before the table it references, so a foreign key
 * without ON DELETE CASCADE never refuses a delete (Kahn's order; a cycle, which only cascades
 * can make work anyway, keeps the remaining tables in name order).
 */
export function deletionOrder(tables: readonly string[], edges: readonly Edge[]): string[] {
  const set = new Set(tables);
  const relevant = edges.filter((e) => e.child !== e.parent && set.has(e.child) && set.has(e.parent));
  const order: string[] = [];
  const left = [...tables].sort();
  while (left.length) {
    // A table may go once nothing left references it.
    const next = left.findIndex((t) => !relevant.some((e) => e.parent === t && left.includes(e.child)));
    const [table] = left.splice(next === -1 ? 0 : next, 1);
    order.push(table!);
  }
  return order;
}

/**
 * Deletes every row of `userId` from every table of `schema` that has a `user_id` column, in
 * one transaction, children before parents. Deleting an account that has nothing left is
 * fine (0 rows): the identity service may ask again after a failure elsewhere. Answers how many
 * rows went per table (for the tests and the log, never user content).
 */
export async function deleteAccountRows(db: Db, schema: string, userId: number): Promise<Record<string, number>> {
  return db.transaction(async (trx) => {
    const tables = await ownedTables(trx, schema);
    const order = deletionOrder(tables, await foreignKeys(trx, schema));
    // Deferrable constraints (none today) are checked once, at commit, when both sides are gone.
    await trx.raw('set constraints all deferred');
    const deleted: Record<string, number> = {};
    for (const table of order) {
      // Counted in SQL: knex's delete answers a number on pg and a result object on PGlite.
      const { rows } = (await trx.raw('with gone as (delete from ?? where user_id = ? returning 1) select count(*)::int as n from gone', [
        `${schema}.${table}`,
        userId,
      ])) as { rows: { n: number }[] };
      deleted[table] = Number(rows[0]?.n ?? 0);
    }
    return deleted;
  });
}

/**
 * Tables of the schema that account deletion does not reach: no `user_id` column, and not
 * removed by a cascade from a table that has one. A service's test lists the ones it expects
 * (data shared by every user, such as the questionnaires), so a new table holding a user's
 * rows without saying whose fails a test instead of outliving the account.
 */
export async function tablesWithoutOwner(db: Db, schema: string): Promise<string[]> {
  const { rows } = (await db.raw(
    `select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ? and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    [schema],
  )) as { rows: { name: string }[] };
  const reached = new Set(await ownedTables(db, schema));
  const edges = await foreignKeys(db, schema);
  // Cascades go down the references: follow them until nothing new is reached.
  for (let grew = true; grew;) {
    grew = false;
    for (const e of edges) {
      if (e.cascades && reached.has(e.parent) && !reached.has(e.child)) {
        reached.add(e.child);
        grew = true;
      }
    }
  }
  return rows.map((r) => r.name).filter((t) => !reached.has(t) && !BOOKKEEPING.has(t));
}
