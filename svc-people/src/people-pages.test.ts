import { describe, expect, test } from '@jest/globals';
import { PAGING_MESSAGES, PEOPLE_MESSAGES } from '@cc/contracts';
import { encodeCursor } from '@cc/service-kit';
import { readPages, startedForTests, type TestClient } from '@cc/service-kit/testing';
import { T } from './tables';
import { addPeople, startPeople } from './test-support';

const h = startedForTests(startPeople);

const BAD_CURSOR = { success: false, errors: [PAGING_MESSAGES.cursorInvalid] };
const names = (n: number) => Array.from({ length: n }, (_, i) => `Person ${String(i).padStart(2, '0')}`);

describe('GET /people, paged (docs/api.md#paged-lists)', () => {
  test('without limit or cursor: the documented bare array', async () => {
    const c = h.user();
    const ids = await addPeople(c, 'Ada', 'Brian');
    expect((await c.get('/people')).body).toEqual([
      { id: ids[0], full_name: 'Ada' },
      { id: ids[1], full_name: 'Brian' },
    ]);
  });

  test("with limit: pages {success, people, next_cursor} that join to the list in the user's order", async () => {
    const c = h.user();
    const ids = await addPeople(c, ...names(11));
    await addPeople(h.user(), 'Not mine');
    const order = [ids[5], ids[0], ids[10]];
    await c.patch('/people/reorder', { order });
    const whole = (await c.get('/people')).body as { id: number }[];
    expect(whole.slice(0, 3).map((p) => p.id)).toEqual(order);
    for (const limit of [1, 4, 11, 200]) {
      const { items, sizes } = await readPages(c, '/people', limit, (b) => b.people);
      expect(items).toEqual(whole);
      expect(sizes.slice(0, -1).every((s) => s === limit)).toBe(true);
    }
    const first = await c.get('/people?limit=2');
    expect(first.body).toEqual({ success: true, people: whole.slice(0, 2), next_cursor: expect.any(String) });
    // People with the same position keep a stable order (by id) across pages.
    await h.database.db(T.people).whereIn('id', ids).update({ position: 3 });
    expect((await readPages(c, '/people', 3, (b) => b.people as { id: number }[])).items.map((p) => p.id)).toEqual(ids);
  });

  test("another user's people never appear; a bad cursor or limit is 422", async () => {
    const c = h.user();
    await addPeople(h.user(), 'Theirs');
    expect((await c.get('/people?limit=5')).body).toEqual({ success: true, people: [], next_cursor: null });
    for (const cursor of ['***', encodeCursor([1]), encodeCursor([1, -(2 ** 40)]), encodeCursor(['1', 1])]) {
      const res = await c.get(`/people?limit=5&cursor=${encodeURIComponent(cursor)}`);
      expect([cursor, res.status, res.body]).toEqual([cursor, 422, BAD_CURSOR]);
    }
    expect((await c.get('/people?limit=0')).status).toBe(422);
  });
});

async function meetingWith(c: TestClient, personId: number, meeting_date: string, title = meeting_date): Promise<number> {
  const res = await c.post('/meetings', { meeting: { title, meeting_date }, attendee_ids: [personId] });
  if (res.status !== 201) throw new Error(`POST /meetings ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.meeting.id as number;
}

describe('GET /people/{id}/meetings, paged', () => {
  test('pages join to the whole list (newest first, undated last, then id); next_cursor null at the end', async () => {
    const c = h.user();
    const [ada, bob] = await addPeople(c, 'Ada', 'Bob');
    const dates = ['2026-03-01T09:00', '2026-01-15T10:30', '2026-03-01T09:00', '2025-12-31T23:59', '2026-02-01T08:00', '2026-01-15T10:30'];
    const ids = [];
    for (const d of dates) ids.push(await meetingWith(c, ada!, d));
    await meetingWith(c, bob!, '2026-06-01T09:00');
    const undated = [
      await meetingWith(c, ada!, '2026-01-01T00:00', 'undated 1'),
      await meetingWith(c, ada!, '2026-01-01T00:00', 'undated 2'),
    ];
    await h.database.db(T.meetings).whereIn('id', undated).update({ meeting_date: null });

    const whole = await c.get(`/people/${ada}/meetings`);
    expect(Object.keys(whole.body)).toEqual(['success', 'meetings']);
    expect(whole.body.meetings.map((m: { id: number }) => m.id)).toEqual([
      ids[2],
      ids[0],
      ids[4],
      ids[5],
      ids[1],
      ids[3],
      undated[1],
      undated[0],
    ]);
    for (const limit of [1, 3, 8, 200]) {
      const { items, sizes } = await readPages(c, `/people/${ada}/meetings`, limit, (b) => b.meetings);
      expect(items).toEqual(whole.body.meetings);
      expect(sizes.slice(0, -1).every((s) => s === limit)).toBe(true);
    }
  });

  test("another user's person is 404 with or without paging; a bad cursor is 422", async () => {
    const c = h.user();
    const [theirs] = await addPeople(h.user(), 'Theirs');
    const res = await c.get(`/people/${theirs}/meetings?limit=5`);
    expect([res.status, res.body]).toEqual([404, { success: false, errors: [PEOPLE_MESSAGES.personNotFound] }]);
    const [mine] = await addPeople(c, 'Mine');
    for (const cursor of [
      encodeCursor(['2026-02-30T10:00:00', 1]),
      encodeCursor(['2026-01-01T24:00:00', 1]),
      encodeCursor(['2026-01-01 10:00:00', 1]),
      encodeCursor(['infinity', 1]),
    ]) {
      const bad = await c.get(`/people/${mine}/meetings?limit=5&cursor=${cursor}`);
      expect([bad.status, bad.body]).toEqual([422, BAD_CURSOR]);
    }
    expect((await c.get(`/people/${mine}/meetings?cursor=${encodeCursor(['-infinity', 1])}`)).body).toEqual({
      success: true,
      meetings: [],
      next_cursor: null,
    });
  });
});
