import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import PgBoss from 'pg-boss';
import { embedderFor, startOpenAiTestServer, testEmbedding, type OpenAiTestServer } from '@cc/ai/testing';
import { bossDb } from './boss-db';
import { createDb, migrate, type Db } from './db';
import {
  contentHash,
  createVectorTable,
  deleteVectors,
  embedPending,
  fuseGroup,
  fuseRankings,
  nearest,
  scheduleEmbeddings,
  upsertVectors,
  vectorStorage,
  type PendingText,
} from './embeddings';
import { freshDatabase, type TestDatabase } from './testing';

const key = (...keys: string[]) => keys.map((k) => ({ key: k }));

describe('fuseRankings', () => {
  it('ranks what both lists rank high first, then by the sum of 1/(k + rank)', () => {
    // b: 1/62 + 1/61, c: 1/63 + 1/62, a: 1/61, d: 1/63.
    expect(fuseRankings([key('a', 'b', 'c'), key('b', 'c', 'd')])).toEqual(['b', 'c', 'a', 'd']);
  });

  it('keeps the first list’s order on ties and counts a key once per list', () => {
    expect(fuseRankings([key('a', 'b'), key('b', 'a')])).toEqual(['a', 'b']);
    expect(fuseRankings([key('x', 'x', 'y'), key('y')])).toEqual(['y', 'x']);
    expect(fuseRankings([key('only')])).toEqual(['only']);
    expect(fuseRankings([[], []])).toEqual([]);
  });

  it('a smaller k lets one list’s first place weigh more', () => {
    // k = 60: c is second in both (2/62) and beats a, first in one (1/61). k = 0: a's 1/1 wins.
    const lists = [key('a', 'c'), key('b', 'c')];
    expect(fuseRankings(lists)[0]).toBe('c');
    expect(fuseRankings(lists, 0)[0]).toBe('a');
  });
});

/** Whether the test Postgres offers pgvector (Debian 12's packages do not; pgvector/pgvector images do). */
async function storageOfFresh(): Promise<'pgvector' | 'array'> {
  const probe = await freshDatabase();
  try {
    const offered = await probe.db.raw(`select 1 from pg_available_extensions where name = 'vector'`);
    return offered.rows.length ? 'pgvector' : 'array';
  } finally {
    await probe.drop();
  }
}

describe('fuseGroup', () => {
  const result = (id: string) => ({
    kind: 'file' as const,
    id,
    title: id,
    snippet: '',
    highlights: [],
    url: `/x/${id}`,
    updated_at: '2026-11-26T00:00:00.000Z',
    generated: false,
  });
  const group = { kind: 'file' as const, total: 7, results: [result('a'), result('b')] };

  it('fuses full text with the nearest, marks what meaning alone found and counts it in the total', () => {
    const fused = fuseGroup(
      group,
      [
        { result: result('c'), matched: false },
        { result: result('b'), matched: true },
      ],
      5,
    );
    // b: first in one list, second in the other; a: first in full text only; c: meaning alone.
    expect(fused.results.map((r) => [r.id, r.by_meaning ?? false])).toEqual([
      ['b', false],
      ['a', false],
      ['c', true],
    ]);
    expect(fused.total).toBe(8);
    expect(fuseGroup(group, [{ result: result('c'), matched: false }], 1).results.map((r) => r.id)).toEqual(['a']);
    expect(fuseGroup(group, [], 5)).toBe(group);
  });
});

describe.each([
  [
    'PGlite',
    async (): Promise<TestDatabase> => {
      const db = await createDb({});
      return { db, drop: () => db.destroy() };
    },
    async () => 'pgvector' as const,
  ],
  ['Postgres (or PGlite when none is reachable)', freshDatabase, storageOfFresh],
])('vectors on %s', (_name, open, expectedStorage) => {
  const SCHEMA = 'kit_vectors';
  let database: TestDatabase;
  let db: Db;
  let model: OpenAiTestServer;
  beforeAll(async () => {
    database = await open();
    db = database.db;
    model = await startOpenAiTestServer();
    await migrate(db, SCHEMA, [{ name: '001_vectors', up: (knex, schema) => createVectorTable(knex, schema).then(() => undefined) }]);
  });
  afterAll(async () => {
    await model.close();
    await database.drop();
  });
  beforeEach(async () => {
    await db(`${SCHEMA}.search_vectors`).delete();
    model.requests.length = 0;
  });

  const MODEL = 'test-embedding-model';
  const store = (user_id: number, kind: string, object_id: string, text: string, m = MODEL) =>
    upsertVectors(db, SCHEMA, [{ user_id, kind, object_id, content_hash: contentHash(text), model: m, embedding: testEmbedding(text) }]);
  const near = (userId: number, text: string, kinds = ['file', 'journal', 'todo'], limit = 10) =>
    nearest(db, SCHEMA, { userId, kinds, model: MODEL, vector: testEmbedding(text), limit });

  it('stores pgvector’s vector where the database has it, else real[]', async () => {
    const expected = await expectedStorage();
    expect(await vectorStorage(db)).toBe(expected);
    const column = await db.raw(
      `select data_type, udt_name from information_schema.columns where table_schema = ? and table_name = 'search_vectors' and column_name = 'embedding'`,
      [SCHEMA],
    );
    if (expected === 'pgvector') expect(column.rows[0].udt_name).toBe('vector');
    else expect(column.rows[0].data_type).toBe('ARRAY');
  });

  it('ranks a user’s objects by cosine similarity, best first', async () => {
    await store(1, 'file', '10', 'Database migration plan for the billing service');
    await store(1, 'journal', '2026-11-03', 'Lunch with Ada, we talked about her garden');
    await store(1, 'todo', '7', 'Review the migration of the billing database');
    const found = await near(1, 'billing database migration');
    // The todo shares three of its four words with the question, the file three of five, the journal none.
    expect(found.map((r) => `${r.kind}:${r.object_id}`)).toEqual(['todo:7', 'file:10', 'journal:2026-11-03']);
    expect(found[0]!.score).toBeGreaterThan(0.6);
    expect(found[0]!.score).toBeLessThanOrEqual(1 + 1e-6);
    expect(found[2]!.score).toBeLessThan(found[1]!.score);
    // The same text is its own nearest, at a cosine of 1.
    const [self] = await near(1, 'Lunch with Ada, we talked about her garden');
    expect(self).toMatchObject({ kind: 'journal', object_id: '2026-11-03' });
    expect(self!.score).toBeCloseTo(1, 5);
  });

  it('answers only the asking user’s vectors, of the kinds asked, of the same model', async () => {
    await store(1, 'file', '10', 'Quarterly roadmap for the platform team');
    await store(2, 'file', '20', 'Quarterly roadmap for the platform team');
    await store(1, 'todo', '5', 'Quarterly roadmap review');
    await store(1, 'file', '11', 'Quarterly roadmap for the platform team', 'another-model');
    expect((await near(1, 'quarterly roadmap')).map((r) => r.object_id).sort()).toEqual(['10', '5']);
    expect((await near(2, 'quarterly roadmap')).map((r) => r.object_id)).toEqual(['20']);
    expect((await near(3, 'quarterly roadmap')).map((r) => r.object_id)).toEqual([]);
    expect((await near(1, 'quarterly roadmap', ['todo'])).map((r) => r.object_id)).toEqual(['5']);
    expect(await near(1, 'quarterly roadmap', [])).toEqual([]);
    expect(await near(1, 'quarterly roadmap', ['file', 'todo'], 1)).toHaveLength(1);
  });

  it('replaces an object’s vector and deletes by object, kind or user', async () => {
    await store(1, 'file', '10', 'Garden plans');
    await store(1, 'file', '10', 'Hiring plan for the platform team');
    const [row] = await db(`${SCHEMA}.search_vectors`).where({ user_id: 1, kind: 'file', object_id: '10' });
    expect(row.content_hash).toBe(contentHash('Hiring plan for the platform team'));
    expect((await near(1, 'hiring platform team'))[0]!.score).toBeGreaterThan(0.8);
    await store(1, 'file', '11', 'x');
    await store(1, 'todo', '1', 'y');
    await store(2, 'todo', '1', 'y');
    expect(await deleteVectors(db, SCHEMA, { userId: 1, kind: 'file', objectIds: ['10'] })).toBe(1);
    expect(await deleteVectors(db, SCHEMA, { userId: 1, kind: 'file', objectIds: [] })).toBe(0);
    expect(await deleteVectors(db, SCHEMA, { userId: 1, kind: 'file' })).toBe(1);
    expect(await deleteVectors(db, SCHEMA, { userId: 1 })).toBe(1);
    expect(await db(`${SCHEMA}.search_vectors`).pluck('user_id')).toEqual([2]);
  });

  it('embedPending embeds what changed through the test model, skipping stored hashes and empty texts', async () => {
    const notes = new Map<string, string>([
      ['1', 'Database migration plan'],
      ['2', 'Lunch with Ada about her garden'],
      ['3', '   '],
    ]);
    const source = async (limit: number, m: string): Promise<PendingText[]> => {
      expect(m).toBe(MODEL);
      return [...notes]
        .slice(0, limit)
        .map(([id, text]) => ({ user_id: 1, kind: 'file', object_id: id, text, content_hash: contentHash(text) }));
    };
    const embedder = embedderFor(model);
    expect(await embedPending(db, SCHEMA, embedder, source)).toBe(2);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.body.input).toEqual(['Database migration plan', 'Lunch with Ada about her garden']);
    // Nothing changed: no request at all.
    expect(await embedPending(db, SCHEMA, embedder, source)).toBe(0);
    expect(model.requests).toHaveLength(1);
    // One text changed: only it is embedded again.
    notes.set('2', 'Hiring plan for the platform team');
    expect(await embedPending(db, SCHEMA, embedder, source)).toBe(1);
    expect(model.requests[1]!.body.input).toEqual(['Hiring plan for the platform team']);
    expect((await near(1, 'platform hiring'))[0]).toMatchObject({ kind: 'file', object_id: '2' });
    // Another model embeds everything again: its vectors replace the old model's.
    expect(await embedPending(db, SCHEMA, embedderFor(model, { model: 'other-model' }), async () => source(64, MODEL))).toBe(2);
    expect(await db(`${SCHEMA}.search_vectors`).distinct('model').pluck('model')).toEqual(['other-model']);
  });

  it('embedPending stores nothing when the model fails', async () => {
    model.replyEmbeddings({ status: 500 });
    const source = async () => [{ user_id: 1, kind: 'file', object_id: '1', text: 'A note', content_hash: contentHash('A note') }];
    await expect(embedPending(db, SCHEMA, embedderFor(model), source)).rejects.toMatchObject({ code: 'unavailable' });
    expect(await db(`${SCHEMA}.search_vectors`).pluck('object_id')).toEqual([]);
  });

  describe('scheduleEmbeddings', () => {
    let boss: PgBoss;
    beforeAll(async () => {
      boss = new PgBoss({ db: bossDb(db) as PgBoss.Db, schema: 'kit_vectors_jobs', supervise: false, schedule: false });
      boss.on('error', () => undefined);
      await boss.start();
    });
    afterAll(async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    });

    const until = async (check: () => boolean, ms = 8_000) => {
      const end = Date.now() + ms;
      while (!check()) {
        if (Date.now() > end) throw new Error('timed out waiting');
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    it('runs the work at the start, every interval, and drains a backlog at once', async () => {
      let runs = 0;
      let backlog = 3;
      const schedule = await scheduleEmbeddings(
        boss,
        'kit-embeddings-interval',
        async () => {
          runs++;
          return backlog > 0 ? backlog-- : 0;
        },
        { intervalSeconds: 0.3 },
      );
      try {
        // The start's run, then the backlog's three batches back to back, then the interval's.
        await until(() => backlog === 0);
        const drained = runs;
        await until(() => runs >= drained + 2);
      } finally {
        await schedule.stop();
      }
      const after = runs;
      await new Promise((r) => setTimeout(r, 800));
      expect(runs).toBe(after);
    });

    it('runs on kick, one run at a time, and stop cancels a run under way and waits for it', async () => {
      let active = 0;
      let most = 0;
      let runs = 0;
      let cancelled = false;
      let release: (() => void) | undefined;
      const schedule = await scheduleEmbeddings(
        boss,
        'kit-embeddings-kick',
        (signal) =>
          new Promise<number>((resolve) => {
            runs++;
            most = Math.max(most, ++active);
            let ended = false;
            const done = () => {
              if (ended) return;
              ended = true;
              active--;
              resolve(0);
            };
            release = done;
            signal.addEventListener('abort', () => {
              cancelled = true;
              done();
            });
          }),
        { intervalSeconds: 3_600 },
      );
      await until(() => runs === 1);
      // Kicks while a run is under way: one run waits, not five.
      await Promise.all([1, 2, 3, 4, 5].map(() => schedule.kick()));
      release!();
      await until(() => runs === 2);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(runs).toBe(2);
      expect(most).toBe(1);
      await schedule.stop();
      expect(cancelled).toBe(true);
      expect(active).toBe(0);
      await schedule.kick();
      await new Promise((r) => setTimeout(r, 1_200));
      expect(runs).toBe(2);
    });
  });
});
