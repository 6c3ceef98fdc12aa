import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createDb, type Db } from './db';
import { postgresRateLimit, type PostgresRateLimitOptions } from './rate-limits';
import { freshDatabase, type TestDatabase } from './testing';

describe.each(['pglite', 'postgres'] as const)('a Postgres rate limit on %s', (kind) => {
  let db: Db;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (kind === 'pglite') db = await createDb({});
    else ({ db } = database = await freshDatabase());
    await db.raw('create schema if not exists probe');
  });
  afterAll(async () => {
    if (database) await database.drop();
    else await db.destroy();
  });

  const limit = (patch: Partial<PostgresRateLimitOptions> = {}) =>
    postgresRateLimit({ db, schema: 'probe', tableName: 'probe_limits', keyPrefix: 'a', points: 3, duration: 600, ...patch });

  test('two instances (each making the table at once) count one key together; another prefix is apart', async () => {
    const [one, two] = await Promise.all([limit()(), limit()()]);
    await one.consume('k');
    await two.consume('k');
    await one.penalty('k');
    await expect(two.consume('k')).rejects.toMatchObject({ remainingPoints: 0 });
    const state = await one.get('k');
    expect(state?.consumedPoints).toBeGreaterThanOrEqual(3);
    expect(state?.msBeforeNext).toBeGreaterThan(590_000);
    const other = await limit({ keyPrefix: 'b' })();
    expect(await other.get('k')).toBeNull();
    await two.delete('k');
    expect(await one.get('k')).toBeNull();
  });

  test('the getter makes the limiter once', async () => {
    const ready = limit();
    expect(await ready()).toBe(await ready());
  });
});
