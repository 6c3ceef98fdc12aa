import { describe, expect, test } from '@jest/globals';
import { pageQuery, PAGING_MESSAGES, PAGE_LIMIT_DEFAULT } from '@cc/contracts';
import { z } from 'zod';
import { HttpError } from './errors';
import { decodeCursor, encodeCursor, intKey, keyset, pageFrom, pageOf } from './paging';

const key = z.tuple([intKey, intKey]);

describe('paging helpers', () => {
  test('a cursor is the base64url of the sort key and reads back as it was written', () => {
    const cursor = encodeCursor([3, 41]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, key)).toEqual([3, 41]);
    expect(decodeCursor(encodeCursor(['2026-01-05 ü', true, 7]), z.tuple([z.string(), z.boolean(), intKey]))).toEqual([
      '2026-01-05 ü',
      true,
      7,
    ]);
  });

  test('a cursor the list did not write is a 422 with the paging message', () => {
    for (const bad of [
      '',
      'nope',
      encodeCursor([1]),
      encodeCursor([1, 'x']),
      encodeCursor([1, 2 ** 40]),
      Buffer.from('{').toString('base64url'),
    ]) {
      let thrown: unknown;
      try {
        decodeCursor(bad, key);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(HttpError);
      expect(thrown).toMatchObject({ status: 422, errors: [PAGING_MESSAGES.cursorInvalid] });
    }
  });

  test('no limit and no cursor: no page (the whole list); a cursor alone takes the default size', () => {
    expect(pageFrom(pageQuery.parse({}), key)).toBeUndefined();
    expect(pageFrom(pageQuery.parse({ limit: '10' }), key)).toEqual({ limit: 10, after: undefined });
    expect(pageFrom(pageQuery.parse({ cursor: encodeCursor([1, 2]) }), key)).toEqual({ limit: PAGE_LIMIT_DEFAULT, after: [1, 2] });
  });

  test('the query: limit 1-200 as a number or its digits, cursor base64url text', () => {
    // The kit answers each message once (zodMessages).
    const messages = (query: object) => [...new Set(pageQuery.safeParse(query).error?.issues.map((i) => i.message))];
    expect(pageQuery.parse({ limit: 200 })).toEqual({ limit: 200 });
    for (const limit of ['0', '201', '1.5', '-1', 'ten', '', ['1', '2'], 0.5]) {
      expect(messages({ limit })).toEqual([PAGING_MESSAGES.limitInvalid]);
    }
    for (const cursor of ['', 'a b', 'a+b/', 'x'.repeat(513), ['a', 'b']]) {
      expect(messages({ cursor })).toEqual([PAGING_MESSAGES.cursorInvalid]);
    }
  });

  test('keyset: a row comparison after the key in the list order, one row more than the page', () => {
    expect(keyset(undefined, ['position', 'id'])).toEqual({ where: 'true', bindings: [], orderBy: 'position asc, id asc', limit: null });
    expect(keyset({ limit: 5, after: undefined }, ['position', 'id'])).toEqual({
      where: 'true',
      bindings: [],
      orderBy: 'position asc, id asc',
      limit: 6,
    });
    expect(keyset({ limit: 5, after: [2, 9] }, ['d', 'id'], 'desc')).toEqual({
      where: '(d, id) < (?, ?)',
      bindings: [2, 9],
      orderBy: 'd desc, id desc',
      limit: 6,
    });
    expect(() => keyset({ limit: 5, after: [2] }, ['d', 'id'])).toThrow(/1 values for 2 columns/);
  });

  test('pageOf: the extra row says there is a next page, whose cursor is the key of the last row kept', () => {
    const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(pageOf(rows, undefined, (r) => [r.id])).toEqual({ items: rows, next_cursor: undefined });
    expect(pageOf(rows, { limit: 3, after: undefined }, (r) => [r.id])).toEqual({ items: rows, next_cursor: null });
    expect(pageOf(rows, { limit: 2, after: undefined }, (r) => [r.id])).toEqual({
      items: rows.slice(0, 2),
      next_cursor: encodeCursor([2]),
    });
  });
});
