import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COMMON_SHARE, distinctiveWords, parseTopicSearch } from './common-words';
import type { Db } from './db';
import { freshDatabase, type TestDatabase } from './testing';

/**
 * Common words come from ANALYZE's statistics of a table's `search` column: a table of 1,200
 * notes where "review" and "talk" are in most, "quarterly" in a third and "database" and
 * "migration" in a few; a table of 50 notes says too little to drop anything.
 */
describe('distinctiveWords', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await freshDatabase();
    db = database.db;
    await db.raw('create schema notes');
    for (const table of ['notes.big', 'notes.small']) {
      await db.raw(`create table ${table} (id serial primary key, body text not null,
        search tsvector generated always as (to_tsvector('english', body)) stored)`);
    }
    const body = (i: number) =>
      [
        i % 10 < 8 ? 'review' : 'lunch',
        i % 10 < 9 ? 'talked' : 'walked',
        i % 3 === 0 ? 'quarterly' : 'monthly',
        i % 20 === 0 ? 'database migration' : 'garden',
        `note${i % 7}`,
      ].join(' ');
    await db('notes.big').insert(Array.from({ length: 1200 }, (_, i) => ({ body: body(i) })));
    await db('notes.small').insert(Array.from({ length: 50 }, (_, i) => ({ body: body(i) })));
    await db.raw('analyze notes.big, notes.small');
  });
  afterAll(() => database.drop());

  it(`drops the words in more than ${COMMON_SHARE * 100}% of a large table's rows, in the message's order`, async () => {
    expect(await distinctiveWords(db, ['database', 'slipped', 'review', 'migration', 'talk'], ['notes.big'])).toEqual([
      'database',
      'slipped',
      'migration',
    ]);
    // A third of the notes say "quarterly": common too.
    expect(await distinctiveWords(db, ['quarterly', 'database', 'migration'], ['notes.big'])).toEqual(['database', 'migration']);
  });

  it('keeps the two rarest when fewer would be left, and every word of a message of two', async () => {
    expect(await distinctiveWords(db, ['talk', 'review', 'quarterly'], ['notes.big'])).toEqual(['review', 'quarterly']);
    expect(await distinctiveWords(db, ['talk', 'review'], ['notes.big'])).toEqual(['talk', 'review']);
  });

  it('drops nothing where the statistics are of too few rows, or of no table', async () => {
    const words = ['database', 'review', 'talk'];
    expect(await distinctiveWords(db, words, ['notes.small'])).toEqual(words);
    expect(await distinctiveWords(db, words, ['notes.missing'])).toEqual(words);
    // A word common in any of the tables asked is common.
    expect(await distinctiveWords(db, ['database', 'migration', 'talk'], ['notes.small', 'notes.big'])).toEqual(['database', 'migration']);
  });

  it('parseTopicSearch pairs only the distinctive words, and leaves a quoted phrase as typed', async () => {
    expect((await parseTopicSearch(db, 'database review migration talk', ['notes.big']))?.tsquery).toBe('(database:* & migration:*)');
    expect((await parseTopicSearch(db, '"quarterly review" database', ['notes.big']))?.words).toEqual(['quarterly', 'review', 'database']);
    expect(await parseTopicSearch(db, '?!', ['notes.big'])).toBeNull();
    // Statistics that cannot be read leave the words as they are.
    expect((await parseTopicSearch(db, 'database review talk', ['no_such_schema']))?.words).toEqual(['database', 'review', 'talk']);
  });
});
