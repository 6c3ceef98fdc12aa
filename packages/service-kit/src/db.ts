import knexFactory, { type Knex } from 'knex';

export type Db = Knex;

export interface Migration {
  name: string;
  up: (knex: Knex, schema: string) => Promise<void>;
  down?: (knex: Knex, schema: string) => Promise<void>;
}

/**
 * Real Postgres when a URL is given; otherwise PGlite (Postgres in WASM) persisted in
 * `dataDir`. PGlite is one connection: share the returned knex between services in one
 * process (tables are schema-qualified, so sharing is safe).
 */
export async function createDb(opts: { databaseUrl?: string; dataDir?: string; poolMax?: number }): Promise<Db> {
  if (opts.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: opts.databaseUrl,
      pool: { min: 0, max: opts.poolMax ?? 10 },
    });
  }
  const { default: ClientPGLite } = await import('knex-pglite');
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(opts.dataDir ?? 'memory://');
  return knexFactory({ client: ClientPGLite as unknown as typeof knexFactory.Client, connection: { pglite } as never });
}

/** `schema.table` for use in knex builders and raw SQL. */
export function tableNames<const T extends readonly string[]>(schema: string, tables: T): { [K in T[number]]: string } {
  return Object.fromEntries(tables.map((t) => [t, `${schema}.${t}`])) as { [K in T[number]]: string };
}

/** Runs a service's migrations into its own schema, recording them in that schema too. */
export async function migrate(db: Db, schema: string, migrations: Migration[]): Promise<void> {
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
}

/** pg returns bigint/count as strings, PGlite as numbers or BigInt: one normalisation. */
export function toInt(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return Number.parseInt(value, 10);
  return 0;
}
