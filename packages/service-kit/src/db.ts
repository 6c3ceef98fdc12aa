import knexFactory, { type Knex } from 'knex';
import type { Logger } from './logger';
import { TYPO_SIMILARITY } from './search';

export type Db = Knex;

export interface Migration {
  name: string;
  up: (knex: Knex, schema: string) => Promise<void>;
  down?: (knex: Knex, schema: string) => Promise<void>;
}

/**
 * What every connection is set to when it opens: the one-typo threshold of the searches' `<%`
 * (trigramSql). Set once per connection rather than in a transaction around every search, which
 * cost three more round trips per kind searched. A placeholder until pg_trgm loads, which keeps it.
 */
const SESSION_SETTINGS = `set pg_trgm.word_similarity_threshold = ${TYPO_SIMILARITY}`;

/**
 * Real Postgres when a URL is given; otherwise PGlite (Postgres in WASM) persisted in
 * `dataDir`. PGlite is one connection: share the returned knex between services in one
 * process (tables are schema-qualified, so sharing is safe).
 */
export async function createDb(opts: { databaseUrl?: string; dataDir?: string; poolMax?: number; log?: Logger }): Promise<Db> {
  const log = opts.log ? knexLog(opts.log) : undefined;
  if (opts.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: opts.databaseUrl,
      pool: {
        min: 0,
        max: opts.poolMax ?? 10,
        afterCreate: (
          conn: { query: (sql: string, done: (error?: Error) => void) => void },
          done: (error: Error | undefined, conn: unknown) => void,
        ) => conn.query(SESSION_SETTINGS, (error) => done(error, conn)),
      },
      log,
    });
  }
  const { default: ClientPGLite } = await import('knex-pglite');
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm for the searches' one-typo matches (ensureExtension creates it in each database);
  // pgvector for search by meaning (createVectorTable creates it when EMBEDDINGS_MODEL's
  // migration runs). The pgvector build pins PGlite's exact version: see docs/search.md.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const pglite = await PGlite.create(opts.dataDir ?? 'memory://', { extensions: { pg_trgm, vector } });
  await pglite.exec(SESSION_SETTINGS);
  return knexFactory({ client: ClientPGLite as unknown as typeof knexFactory.Client, connection: { pglite } as never, log });
}

/**
 * knex's own warnings (a pool acquire that failed, a deprecation) go to the service's log as
 * one JSON line like everything else, not to the console. The error it describes is thrown to
 * the caller as well, so its first line is enough here.
 */
function knexLog(log: Logger): Knex.Config['log'] {
  const line = (message: unknown) => String(message instanceof Error ? message.message : message).split('\n')[0];
  return {
    warn: (message: unknown) => log.warn({ knex: line(message) }, 'database client warning'),
    error: (message: unknown) => log.error({ knex: line(message) }, 'database client error'),
    deprecate: (method: unknown, alternative: unknown) =>
      log.warn({ knex: `${String(method)} is deprecated: use ${String(alternative)}` }, 'database client warning'),
    debug: () => undefined,
  };
}

/**
 * Whether `db` can still run queries: knex drops its pool on destroy() (the service stopping,
 * a test's teardown). Background work (a retry timer, a LISTEN loop) checks it before its
 * next query rather than fail, and log, into a closed pool.
 */
export function dbOpen(db: Db): boolean {
  return Boolean((db.client as { pool?: unknown }).pool);
}

/** `schema.table` for use in knex builders and raw SQL. */
export function tableNames<const T extends readonly string[]>(schema: string, tables: T): { [K in T[number]]: string } {
  return Object.fromEntries(tables.map((t) => [t, `${schema}.${t}`])) as { [K in T[number]]: string };
}

const pgliteRuns = new WeakMap<Db, Promise<void>>();

/**
 * Runs a service's migrations into its own schema, recording them in that schema too. Replicas
 * start together: on Postgres the run holds an advisory lock keyed by the schema (on one
 * connection of the pool, so the pool needs two), so a second process waits for the first and
 * then finds nothing to do, instead of failing on knex's "Migration table is already locked" or
 * racing on `create schema`.
 */
export async function migrate(db: Db, schema: string, migrations: Migration[]): Promise<void> {
  const run = async () => {
    await db.raw('create schema if not exists ??', [schema]);
    await db.migrate.latest({
      schemaName: schema,
      tableName: 'knex_migrations',
      migrationSource: {
        getMigrations: async () => migrations,
        getMigrationName: (m: Migration) => m.name,
        getMigration: async (m: Migration) => ({
          up: (k: Knex) => m.up(k, schema),
          down: (k: Knex) => (m.down ? m.down(k, schema) : Promise.resolve()),
        }),
      },
    });
  };
  if ((db.client as { config?: { client?: unknown } }).config?.client !== 'pg') {
    // PGlite is one connection in one process: runs on it (two instances of a service in a
    // test) take turns here instead.
    const mine = (pgliteRuns.get(db) ?? Promise.resolve()).catch(() => undefined).then(run);
    pgliteRuns.set(db, mine);
    return mine;
  }
  const key = `cc-migrate:${schema}`;
  const conn: unknown = await db.client.acquireConnection();
  try {
    await db.raw('select pg_advisory_lock(hashtext(?))', [key]).connection(conn);
    try {
      await run();
    } finally {
      await db.raw('select pg_advisory_unlock(hashtext(?))', [key]).connection(conn);
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/** A statement run on every request (a session check): its SQL, written once, and a name for Postgres to keep it prepared under. */
export interface HotStatement {
  /** Unique per SQL text in the process (Postgres keeps one plan per name and connection). */
  name: string;
  /** Bindings as `?`, as in `db.raw`. */
  sql: string;
}

const preparedText = new WeakMap<HotStatement, string>();

/**
 * Runs a statement of every request on a connection of `db`'s pool, as a prepared statement of
 * that connection, without knex's query runner: building the query object, its bindings and
 * events around pg's own call was the largest part of the session check's JavaScript in a
 * profile of GET /auth/session (bench/README.md). Only the pool is knex's. PGlite (one
 * connection, no prepared statements through knex-pglite) runs it through `db.raw`.
 */
export async function runHot<Row>(db: Db, statement: HotStatement, bindings: readonly unknown[]): Promise<Row[]> {
  if ((db.client as { config?: { client?: unknown } }).config?.client !== 'pg') {
    const { rows } = (await db.raw(statement.sql, bindings as Knex.RawBinding[])) as { rows: Row[] };
    return rows;
  }
  let text = preparedText.get(statement);
  if (text === undefined) {
    let n = 0;
    text = statement.sql.replace(/\?/g, () => `$${++n}`);
    preparedText.set(statement, text);
  }
  // Seen as any query of `db` is by whoever listens (tests count queries so: testing.ts).
  if (db.listenerCount('query') > 0) db.emit('query', { sql: statement.sql, bindings, method: 'raw' });
  const conn = (await db.client.acquireConnection()) as { query: (config: object) => Promise<{ rows: Row[] }> };
  try {
    return (await conn.query({ name: statement.name, text, values: bindings })).rows;
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/** pg returns bigint/count as strings, PGlite as numbers or BigInt: one normalisation. */
export function toInt(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return Number.parseInt(value, 10);
  return 0;
}
