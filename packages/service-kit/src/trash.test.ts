import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createDb, type Db } from './db';
import { createLogger } from './logger';
import {
  createTrashTable,
  deleteRowsReturning,
  listTrash,
  putInTrash,
  restoreRows,
  snapshotRows,
  TrashPurge,
  TRASH_PURGE_CRON,
} from './trash';
import { freshDatabase, type TestDatabase } from './testing';

const S = 'bin';
const DAY_MS = 24 * 60 * 60 * 1000;

/** On PGlite (the embedded default) and on Postgres: snapshots, restores and the scheduled purge. */
describe.each(['pglite', 'postgres'] as const)('the trash helpers on %s', (kind) => {
  let db: Db;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (kind === 'pglite') db = await createDb({});
    else ({ db } = database = await freshDatabase());
    await db.raw(`create schema ${S}`);
    await db.raw(
      `create table ${S}.notes (id serial primary key, user_id int not null, title text not null, due date, tags text[] not null default '{}',
        meta jsonb not null default '{}', at timestamptz not null default now(), words int generated always as (length(title)) stored)`,
    );
    await createTrashTable(db, S);
  });
  afterAll(async () => {
    if (database) await database.drop();
    else await db?.destroy();
  });

  test('rows come back exactly, typed columns included, generated ones computed again', async () => {
    const [row] = await db(`${S}.notes`)
      .insert({ user_id: 1, title: 'Ship it', due: '2026-12-01', tags: ['a', 'b c'], meta: { n: 1 } })
      .returning('*');
    const snap = await snapshotRows(db, `${S}.notes`, 'id = ?', [row.id]);
    expect(Object.keys(snap[0]!)).not.toContain('words');
    const gone = await deleteRowsReturning(db, `${S}.notes`, 'id = ?', [row.id]);
    expect(gone).toEqual(snap);
    expect(await db(`${S}.notes`).where({ id: row.id })).toEqual([]);
    await restoreRows(db, `${S}.notes`, JSON.parse(JSON.stringify(gone)));
    expect(await db(`${S}.notes`).where({ id: row.id }).first()).toEqual(row);
  });

  test('entries list newest first per user; the purge job is scheduled daily and deletes what is older than 30 days', async () => {
    const put = (userId: number, title: string) => putInTrash(db, S, { userId, kind: 'todo', objectId: 1, title, url: '/x', payload: {} });
    await put(1, 'older');
    await put(1, 'newer');
    await put(2, 'theirs');
    await db(`${S}.trash`)
      .where({ title: 'older' })
      .update({ deleted_at: new Date(Date.now() - 31 * DAY_MS) });
    expect((await listTrash(db, S, 1)).map((i) => i.title)).toEqual(['newer', 'older']);

    const purge = new TrashPurge(db, createLogger('test', 'silent'), { schema: S });
    await purge.start();
    try {
      const schedules = await db(`${S}_trash_jobs.schedule`).select('name', 'cron');
      expect(schedules).toEqual([{ name: `${S}-trash-purge`, cron: TRASH_PURGE_CRON }]);
      expect(await purge.run(new Date())).toBeLessThanOrEqual(1);
      expect((await listTrash(db, S, 1)).map((i) => i.title)).toEqual(['newer']);
      expect(await purge.run(new Date(Date.now() + 31 * DAY_MS))).toBe(2);
    } finally {
      await purge.stop();
    }
  });
});
