/**
 * Replicas start together: two processes (here two pools) run the same service's migrations at
 * once on a fresh schema. Both succeed, each migration is recorded once, and the second waited
 * for the first (kit migrate holds an advisory lock keyed by the schema). Without the lock, the
 * second fails on knex's "Migration table is already locked" or races on `create schema`.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createDb, migrate, type Db, type Migration } from '@cc/service-kit';
import { freshDatabase, type TestDatabase } from '@cc/service-kit/testing';
import { chatService } from '@cc/svc-chat';
import { describeReplicas } from './testing';

let database: TestDatabase;
let pools: Db[] = [];

describeReplicas('migrations started by two replicas at once', () => {
  beforeAll(async () => {
    database = await freshDatabase();
    pools = [await createDb({ databaseUrl: database.url, poolMax: 3 }), await createDb({ databaseUrl: database.url, poolMax: 3 })];
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.destroy()));
    await database?.drop();
  });

  test('both succeed and each migration runs and is recorded once', async () => {
    let runs = 0;
    // A first migration that takes a moment, so the two starts overlap for certain.
    const slow: Migration = {
      name: '000_slow',
      async up(knex, schema) {
        runs += 1;
        await knex.raw('select pg_sleep(0.3)');
        await knex.raw('create table ??.runs (id serial primary key)', [schema]);
      },
    };
    const migrations = [slow, ...chatService.migrations];
    await Promise.all(pools.map((pool) => migrate(pool, 'chat', migrations)));
    expect(runs).toBe(1);
    const recorded = (await database.db('chat.knex_migrations').select('name').orderBy('id')) as { name: string }[];
    expect(recorded.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    // A later start finds nothing to do.
    await migrate(pools[0]!, 'chat', migrations);
    expect(runs).toBe(1);
    expect(await database.db('chat.knex_migrations').count({ n: '*' }).first()).toEqual({ n: String(migrations.length) });
  });
});
