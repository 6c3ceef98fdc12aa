import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDb, runHot, type Db, type HotStatement } from './db';
import { freshDatabase, queriesDuring, type TestDatabase } from './testing';

const PAIR: HotStatement = { name: 'kit_test_pair', sql: 'select ?::int as a, ?::text as b where ?::boolean' };

/** What runHot must give on either database: the rows, bindings in order, seen by query listeners. */
function runsLikeRaw(database: () => Db) {
  it('answers the rows of its SQL, with the bindings in their order', async () => {
    expect(await runHot(database(), PAIR, [7, 'seven', true])).toEqual([{ a: 7, b: 'seven' }]);
    expect(await runHot(database(), PAIR, [8, 'eight', false])).toEqual([]);
  });

  it('answers 20 calls at once, each with its own bindings, across the connections of the pool, which still serves other queries', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => runHot<{ a: number }>(database(), PAIR, [i, `${i}`, true])));
    expect(answers.map((rows) => rows[0]!.a)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect((await database().raw('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('is counted by whoever listens for queries', async () => {
    expect(
      await queriesDuring(
        database(),
        (sql) => sql.includes('as a, '),
        () => runHot(database(), PAIR, [1, 'one', true]),
      ),
    ).toBe(1);
  });

  it('fails as a query would on bad SQL, and gives its connection back', async () => {
    const broken: HotStatement = { name: 'kit_test_broken', sql: 'select * from no_such_table where id = ?' };
    await expect(runHot(database(), broken, [1])).rejects.toThrow(/no_such_table/);
    expect(await runHot(database(), PAIR, [2, 'two', true])).toEqual([{ a: 2, b: 'two' }]);
  });
}

describe('runHot on the test database (Postgres when reachable)', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await freshDatabase();
  });
  afterAll(() => test.drop());
  runsLikeRaw(() => test.db);
});

describe('runHot on PGlite (through db.raw)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createDb({});
  });
  afterAll(() => db.destroy());
  runsLikeRaw(() => db);
});
