// Runs once before the jest suites. Each suite makes its own database (service-kit/testing),
// so this only reports which database kind the run uses.
import knexFactory from 'knex';

export default async function globalSetup() {
  const url = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const k = knexFactory({ client: 'pg', connection: { connectionString: url, connectionTimeoutMillis: 1500 } });
  try {
    await k.raw('select 1');
    process.env.TEST_DB ??= 'postgres';
  } catch {
    process.env.TEST_DB = 'pglite';
    console.warn('\n[jest] Postgres not reachable at', url, '- using PGlite for service tests');
  } finally {
    await k.destroy();
  }
}
