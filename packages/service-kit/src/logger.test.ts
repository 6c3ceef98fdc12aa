import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { Writable } from 'node:stream';
import { createLogger, LOG_STRING_MAX } from './logger';
import { freshDatabase, type TestDatabase } from './testing';
import { createDb, dbOpen } from './db';

/** A logger writing its lines into an array. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger('probe', 'info', stream), lines };
}

const flush = () => new Promise((r) => setImmediate(r));

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.raw('create table notes (id int primary key, body text)');
  await database.db.raw("insert into notes values (1, 'first')");
});
afterAll(async () => {
  await database?.drop();
});

describe('logs never carry user content, and every line is bounded', () => {
  const secret = 'MY-PRIVATE-CAREER-NOTE ';

  test("a failing query's parameters, quoted values and detail stay out of the error line", async () => {
    const { log, lines } = capture();
    for (const run of [
      () => database.db.raw('select ?::int as x', [secret.repeat(100_000)]),
      () => database.db.raw('insert into notes values (?, ?)', [1, secret]),
    ]) {
      try {
        await run();
      } catch (err) {
        log.error({ err }, 'unhandled error');
      }
    }
    await flush();
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('MY-PRIVATE');
      expect(line.length).toBeLessThan(5000);
      const err = JSON.parse(line).err;
      expect(err.code).toMatch(/^(22P02|23505)$/);
      expect(err.sql).toMatch(/^(select|insert)/);
    }
    expect(JSON.parse(lines[1]!).err.constraint).toBe('notes_pkey');
  });

  test('any field is clipped: a 2 MB string, a long list, a deep object', async () => {
    const { log, lines } = capture();
    log.warn(
      { body: 'x'.repeat(2_000_000), list: Array.from({ length: 1000 }, (_, i) => i), deep: { a: { b: { c: { d: { e: 'hidden' } } } } } },
      'big',
    );
    await flush();
    expect(lines[0]!.length).toBeLessThan(LOG_STRING_MAX + 1000);
    const line = JSON.parse(lines[0]!);
    expect(line.body).toMatch(/… \(1999000 more characters\)$/);
    expect(line.list).toHaveLength(21);
    expect(JSON.stringify(line.deep)).not.toContain('hidden');
  });

  test('an ordinary error keeps its type, clipped message and stack', async () => {
    const { log, lines } = capture();
    log.error({ err: new TypeError(`bad ${'y'.repeat(5000)}`) }, 'oops');
    await flush();
    const err = JSON.parse(lines[0]!).err;
    expect(err.type).toBe('TypeError');
    expect(err.message.length).toBeLessThan(600);
    expect(err.stack).toContain('logger.test');
  });
});

describe("the database client's own warnings", () => {
  test('a failed connection is one line in the service log, not console output', async () => {
    const { log, lines } = capture();
    // Nothing listens on port 1: the pool's acquire fails at once.
    const db = await createDb({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', log });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await expect(db.raw('select 1')).rejects.toThrow();
      await flush();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'database client warning');
    expect(line).toMatchObject({ level: 40, knex: expect.stringContaining('Acquire connection error') });
    expect(line.knex).not.toContain('\n');
    expect(dbOpen(db)).toBe(true);
    await db.destroy();
    expect(dbOpen(db)).toBe(false);
  });
});
