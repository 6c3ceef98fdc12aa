import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { HttpError } from './errors';
import { conflict, idFrom, iso, isUniqueViolation, parseBody } from './route-helpers';

describe('route helpers shared by every service', () => {
  it('a path id is a positive int4; anything else is the 404 the caller names', () => {
    expect(idFrom('1', 'Todo not found')).toBe(1);
    expect(idFrom('2147483647', 'Todo not found')).toBe(2_147_483_647);
    for (const raw of ['0', '-1', '2147483648', '1.5', 'abc', '', '12345678901']) {
      expect(() => idFrom(raw, 'Todo not found')).toThrow(HttpError);
      try {
        idFrom(raw, 'Todo not found');
      } catch (error) {
        expect(error).toMatchObject({ status: 404, errors: ['Todo not found'] });
      }
    }
  });

  it('a body read by hand fails as the kit does: 422 with the messages', () => {
    const schema = z.object({ name: z.string({ error: 'Name is required' }) });
    expect(parseBody(schema, { name: 'x' })).toEqual({ name: 'x' });
    expect(() => parseBody(schema, undefined)).toThrow(HttpError);
  });

  it("a stale save's conflict: 409, the message, and what the record holds now", () => {
    expect(conflict('Changed elsewhere', { content: 'theirs', revision: 3 })).toMatchObject({
      status: 409,
      errors: ['Changed elsewhere'],
      extra: { current: { content: 'theirs', revision: 3 } },
    });
  });

  it('timestamps as answers write them, and the unique violation', () => {
    expect(iso(new Date(Date.UTC(2026, 10, 26, 7, 0)))).toBe('2026-11-26T07:00:00.000Z');
    expect(iso('2026-11-26 07:00:00+00')).toBe('2026-11-26T07:00:00.000Z');
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});
