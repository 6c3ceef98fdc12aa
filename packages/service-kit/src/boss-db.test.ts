/**
 * pg-boss started by two replicas at once on a database without its schema yet (a first deploy,
 * a fresh e2e stack): each is a pool of its own, as two processes are. Without startedBoss one
 * start failed on CREATE SCHEMA most of the time (pg_namespace's unique key).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import PgBoss from 'pg-boss';
import { bossDb, startedBoss } from './boss-db';
import { createDb, type Db } from './db';
import { freshDatabase, type TestDatabase } from './testing';

describe('startedBoss', () => {
  let database: TestDatabase;
  let replicas: Db[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    replicas = database.url ? await Promise.all([0, 1].map(() => createDb({ databaseUrl: database.url, poolMax: 3 }))) : [database.db];
  });
  afterAll(async () => {
    for (const db of replicas) if (db !== database.db) await db.destroy();
    await database.drop();
  });

  it('starts both replicas when they create the schema at the same moment, and their queue works', async () => {
    // Several fresh schemas: one start losing the race is likely, not certain, on any one.
    for (let round = 0; round < 6; round++) {
      const schema = `boss_race_${round}`;
      const bosses = await Promise.all(
        replicas.map((db) => startedBoss(() => new PgBoss({ db: bossDb(db) as PgBoss.Db, schema, schedule: false, supervise: false }))),
      );
      try {
        await bosses[0]!.createQueue('ping');
        const id = await bosses.at(-1)!.send('ping', { round });
        const [job] = await bosses[0]!.fetch<{ round: number }>('ping');
        expect({ id: job?.id, data: job?.data }).toEqual({ id, data: { round } });
      } finally {
        await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true })));
      }
    }
  });

  it('does not retry what is not a lost race', async () => {
    let made = 0;
    const failing = () => {
      made += 1;
      return {
        start: () => Promise.reject(Object.assign(new Error('refused'), { code: '28P01' })),
        stop: () => Promise.resolve(),
      } as unknown as PgBoss;
    };
    await expect(startedBoss(failing)).rejects.toThrow('refused');
    expect(made).toBe(1);
  });
});
