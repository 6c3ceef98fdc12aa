import { describe, expect, test } from '@jest/globals';
import { PAGING_MESSAGES } from '@cc/contracts';
import { encodeCursor } from '@cc/service-kit';
import { readPages, startedForTests } from '@cc/service-kit/testing';
import { startFiles } from './test-support';

const h = startedForTests(startFiles);

const BAD_CURSOR = { success: false, errors: [PAGING_MESSAGES.cursorInvalid] };
const BAD_LIMIT = { success: false, errors: [PAGING_MESSAGES.limitInvalid] };

/** Days of 2026 from Jan 1, in order. */
const days = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));

describe('GET /journal, paged (docs/api.md#paged-lists)', () => {
  test('without limit or cursor the answer is the documented one, without next_cursor', async () => {
    const c = h.user();
    for (const date of days(3)) await c.post(`/journal/${date}/save`, { content: `On ${date}` });
    const res = await c.get('/journal');
    expect(res.body).toEqual({ success: true, entries: days(3).map((date) => ({ date })) });
    expect(Object.keys(res.body)).toEqual(['success', 'entries']);
  });

  test('pages join to the whole list in order, next_cursor null on the last; empty entries and other users stay out', async () => {
    const c = h.user();
    const other = h.user();
    const all = days(23);
    // Saved out of order; another user writes on the same days; an emptied day drops out.
    for (const date of [...all].reverse()) await c.post(`/journal/${date}/save`, { content: `On ${date}` });
    for (const date of all.slice(0, 5)) await other.post(`/journal/${date}/save`, { content: 'theirs' });
    await c.post(`/journal/${all[7]}/save`, { content: ' \n' });
    const expected = all.filter((d) => d !== all[7]).map((date) => ({ date }));

    for (const limit of [1, 5, 22, 200]) {
      const { items, sizes } = await readPages(c, '/journal', limit, (b) => b.entries);
      expect(items).toEqual(expected);
      expect(sizes.slice(0, -1).every((s) => s === limit)).toBe(true);
    }
    // A page that ends exactly at the end of the list says so: no empty page after it.
    expect((await c.get('/journal?limit=22')).body).toEqual({ success: true, entries: expected, next_cursor: null });
    const first = await c.get('/journal?limit=21');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const last = await c.get(`/journal?limit=21&cursor=${first.body.next_cursor}`);
    expect(last.body).toEqual({ success: true, entries: expected.slice(21), next_cursor: null });
    // A cursor alone takes the default page size.
    expect((await c.get(`/journal?cursor=${encodeCursor([all[0]!])}`)).body.entries).toHaveLength(21);
    expect((await other.get('/journal?limit=200')).body).toEqual({
      success: true,
      entries: all.slice(0, 5).map((date) => ({ date })),
      next_cursor: null,
    });
  });

  test('a page starts after the cursor even when the day it names was emptied since', async () => {
    const c = h.user();
    for (const date of days(4)) await c.post(`/journal/${date}/save`, { content: 'x' });
    const first = await c.get('/journal?limit=2');
    await c.post(`/journal/${days(2)[1]}/save`, { content: '' });
    expect((await c.get(`/journal?limit=2&cursor=${first.body.next_cursor}`)).body.entries).toEqual(
      days(4)
        .slice(2)
        .map((date) => ({ date })),
    );
  });

  test('a cursor that is not one is a 422 with the paging message; so is a bad limit', async () => {
    const c = h.user();
    const cursors = ['!!', 'abc', encodeCursor(['2026-02-31']), encodeCursor([1]), encodeCursor(['2026-01-01', 2]), 'x'.repeat(600)];
    for (const cursor of cursors) {
      const res = await c.get(`/journal?limit=5&cursor=${encodeURIComponent(cursor)}`);
      expect([cursor, res.status, res.body]).toEqual([cursor, 422, BAD_CURSOR]);
    }
    for (const limit of ['0', '201', '-1', '1.5', 'ten', '']) {
      const res = await c.get(`/journal?limit=${limit}`);
      expect([limit, res.status, res.body]).toEqual([limit, 422, BAD_LIMIT]);
    }
    expect((await c.get('/journal?limit=1&limit=2')).status).toBe(422);
  });
});
