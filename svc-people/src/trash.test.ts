import { describe, expect, test } from '@jest/globals';
import { PEOPLE_MESSAGES as M, TRASH_MESSAGES } from '@cc/contracts';
import { purgeTrash } from '@cc/service-kit';
import { refused, startedForTests, TestClient, type SignedClient } from '@cc/service-kit/testing';
import { T } from './tables';
import { addPeople, startPeople } from './test-support';

const h = startedForTests(startPeople);
const DAY_MS = 24 * 60 * 60 * 1000;

const trash = async (c: SignedClient) => {
  const res = await c.get('/people/trash');
  expect(res.status).toBe(200);
  return res.body.items as { kind: string; id: number; object_id: string; title: string; detail?: string; url: string }[];
};
const restore = (c: SignedClient, item: { kind: string; id: number }) => c.post('/people/trash/restore', { kind: item.kind, id: item.id });
const meeting = async (c: SignedClient, title: string, attendees: number[]) =>
  (await c.post('/meetings', { meeting: { title, meeting_date: '2026-03-05T14:30', notes: 'Budget first' }, attendee_ids: attendees })).body
    .meeting.id as number;

describe('people and meetings to the trash and back', () => {
  test('a person goes with their research and meeting links, answers as documented, and comes back whole', async () => {
    const c = h.user();
    const [dana, sam] = await addPeople(c, 'Dana Lee', 'Sam Ortiz');
    await c.patch(`/people/${dana}`, { person: { basic_profile: { role: 'CTO' } } });
    const q3 = await meeting(c, 'Q3 planning', [dana!, sam!]);
    await h.database
      .db(T.person_research)
      .insert({ user_id: c.id, person_id: dana, subject: 'Dana Lee', answer: 'Leads platform.', source: 'notes' });
    const before = (await c.get(`/people/${dana}`)).body;
    const meetingsBefore = (await c.get(`/people/${dana}/meetings`)).body;

    const del = await c.delete(`/people/${dana}`);
    expect([del.status, del.body]).toEqual([200, { success: true, errors: [] }]);
    expect((await c.get(`/people/${dana}`)).status).toBe(404);
    expect((await c.delete(`/people/${dana}`)).body).toEqual(refused(M.personNotFound));
    // The meeting stays, without them.
    expect((await c.get(`/meetings/${q3}`)).body.meeting.attendee_ids).toEqual([sam]);

    const [item] = await trash(c);
    expect(item).toMatchObject({
      kind: 'person',
      object_id: String(dana),
      title: 'Dana Lee',
      detail: 'in 1 meeting',
      url: `/people?person=${dana}`,
    });
    const back = await restore(c, item!);
    expect(back.body).toEqual({
      success: true,
      restored: { kind: 'person', id: String(dana), title: 'Dana Lee', url: `/people?person=${dana}` },
    });
    expect((await c.get(`/people/${dana}`)).body).toEqual(before);
    expect((await c.get(`/people/${dana}/meetings`)).body).toEqual(meetingsBefore);
    expect(await h.database.db(T.person_research).where({ person_id: dana }).select('answer')).toEqual([{ answer: 'Leads platform.' }]);
    expect(await trash(c)).toEqual([]);
  });

  test('a meeting goes with its attendee links and comes back with those whose person is there; one in the trash gets it back with them', async () => {
    const c = h.user();
    const [ada, bo] = await addPeople(c, 'Ada', 'Bo');
    const id = await meeting(c, 'Retro', [ada!, bo!]);
    const before = (await c.get(`/meetings/${id}`)).body;
    const del = await c.delete(`/meetings/${id}`);
    expect(del.body).toEqual({ success: true, errors: [] });
    expect((await c.get(`/meetings/${id}`)).status).toBe(404);
    await c.delete(`/people/${bo}`);

    const items = await trash(c);
    expect(items.map((i) => [i.kind, i.title, i.detail])).toEqual([
      ['person', 'Bo', undefined],
      ['meeting', 'Retro', 'on 2026-03-05'],
    ]);
    expect(items[1]!.url).toBe(`/people?person=${ada}&meeting=${id}`);
    await restore(c, items[1]!);
    expect((await c.get(`/meetings/${id}`)).body.meeting.attendee_ids).toEqual([ada]);
    // Bo comes back afterwards, and so does the link the meeting kept for him meanwhile.
    await restore(c, items[0]!);
    expect((await c.get(`/meetings/${id}`)).body.meeting).toEqual(before.meeting);
  });

  test('DELETE /people/trash empties it; the purge deletes what is older than 30 days', async () => {
    const c = h.user();
    const [one, two] = await addPeople(c, 'One', 'Two');
    await c.delete(`/people/${one}`);
    await c.delete(`/people/${two}`);
    const db = h.database.db;
    await db('people.trash')
      .where({ user_id: c.id, object_id: String(one) })
      .update({ deleted_at: new Date(Date.now() - 31 * DAY_MS) });
    await purgeTrash(db, 'people', new Date());
    expect((await trash(c)).map((i) => i.title)).toEqual(['Two']);
    expect((await c.delete('/people/trash')).body).toEqual({ success: true, deleted: 1 });
    expect(await trash(c)).toEqual([]);
  });

  test("another user's entries are never listed and answer 404", async () => {
    const a = h.user();
    const b = h.user();
    const [mine] = await addPeople(a, 'Mine');
    await a.delete(`/people/${mine}`);
    const [item] = await trash(a);
    expect(await trash(b)).toEqual([]);
    const res = await restore(b, item!);
    expect([res.status, res.body]).toEqual([404, refused(TRASH_MESSAGES.notFound)]);
    expect((await b.delete('/people/trash')).body).toEqual({ success: true, deleted: 0 });
    expect((await restore(a, { kind: 'meeting', id: item!.id })).status).toBe(404);
    expect(await trash(a)).toHaveLength(1);
    expect((await new TestClient(h.svc.url).get('/people/trash')).status).toBe(401);
  });
});
