import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '@jest/globals';
import { DOMAIN_IMPORT_MESSAGES as M } from '@cc/contracts';
import { startedForTests, type SignedClient } from '@cc/service-kit/testing';
import { T } from './tables';
import { startPeople } from './test-support';

const h = startedForTests(startPeople);
const db = () => h.database.db;

const person = (id: number, name: string) => ({
  table: 'people',
  row: { id, full_name: name, position: id, profile: { basic: { role: 'Head of billing' } }, created_at: '2024-01-01T00:00:00Z' },
});
const research = (personId: number) => ({
  table: 'person_research',
  row: { person_id: personId, subject: 'Ada', answer: 'Found', citations: [{ url: 'https://example.com' }], source: 'web' },
});
const meeting = (id: number, title: string) => ({
  table: 'meetings',
  row: { id, title, meeting_date: '2026-03-05T14:30', location: 'Room 1', goals: 'Agree scope', notes: 'Budget first' },
});
const attendee = (meetingId: number, personId: number) => ({
  table: 'meeting_attendees',
  row: { meeting_id: meetingId, person_id: personId },
});
const profile = {
  table: 'profiles',
  row: { details: { full_name: 'Ada L.', role: 'Lead' }, statements: [{ text: 'I lead.' }], ai_profile_narrative: 'Story' },
};

const rows = (table: string, c: SignedClient, order = 'user_id') => db()(table).where({ user_id: c.id }).orderBy(order);
const ledger = async (importId: string) =>
  Number((await db()('people.import_ledger').where({ import_id: importId }).count('* as n'))[0]!.n);

describe('POST /people/import', () => {
  test('people, research, meetings and attendees with remapped ids across batches; About me when the account has none', async () => {
    const c = h.user();
    const id = randomUUID();
    const first = await c.post('/people/import', {
      import_id: id,
      records: [person(3, 'Ada Lovelace'), research(3), person(4, 'Ada Lovelace')],
    });
    expect(first.status).toBe(200);
    expect(first.body.created).toEqual({ people: 2, person_research: 1 });
    const second = await c.post('/people/import', {
      import_id: id,
      records: [meeting(8, 'Billing review'), attendee(8, 3), attendee(8, 5), profile],
    });
    expect(second.body.created).toEqual({ meetings: 1, meeting_attendees: 1, profiles: 1 });
    expect(second.body.skipped).toEqual([{ table: 'meeting_attendees', reason: M.missingParent('person') }]);
    const [ada] = [first.body.ids.people['3'] as number];
    const meetingId = second.body.ids.meetings['8'] as number;
    expect((await rows(T.meeting_attendees, c)).map((a) => [a.meeting_id, a.person_id])).toEqual([[meetingId, ada]]);
    expect((await rows(T.person_research, c)).map((r) => [r.person_id, r.citations])).toEqual([[ada, [{ url: 'https://example.com' }]]]);
    expect((await c.get(`/people/${ada}`)).body.person).toMatchObject({ full_name: 'Ada Lovelace' });
    const [stored] = await rows(T.profiles, c);
    expect(stored).toMatchObject({
      details: { full_name: 'Ada L.', role: 'Lead' },
      statements: [{ text: 'I lead.' }],
      ai_profile_narrative: 'Story',
    });
    const [m] = await rows(T.meetings, c);
    expect(m).toMatchObject({ title: 'Billing review', location: 'Room 1', goals: 'Agree scope', notes: 'Budget first' });
  });

  test('an About me the account has written is kept', async () => {
    const c = h.user();
    await c.patch('/profile', { details: { full_name: 'Mine' } });
    const res = await c.post('/people/import', { import_id: randomUUID(), records: [profile] });
    expect(res.body).toEqual({ success: true, created: {}, ids: {}, skipped: [{ table: 'profiles', reason: M.aboutMeKept }] });
    expect((await rows(T.profiles, c))[0].details).toEqual({ full_name: 'Mine' });
  });

  test('a bad row is a 422 naming it, and nothing of the batch is written', async () => {
    const c = h.user();
    const res = await c.post('/people/import', {
      import_id: randomUUID(),
      records: [person(1, 'Fine'), person(2, ''), { table: 'profiles', row: { details: 'no' } }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.stringMatching(/^Record 2 \(people\): full_name: /),
      expect.stringMatching(/^Record 3 \(profiles\): details: /),
    ]);
    expect(await rows(T.people, c)).toEqual([]);
  });
});

describe('undo and commit', () => {
  async function imported(c: SignedClient) {
    const id = randomUUID();
    await c.post('/people/import', { import_id: id, records: [person(3, 'Ada'), research(3), meeting(8, 'Review')] });
    await c.post('/people/import', { import_id: id, records: [attendee(8, 3), profile] });
    return id;
  }
  const counts = async (c: SignedClient) =>
    Object.fromEntries(
      await Promise.all(
        [T.people, T.person_research, T.meetings, T.meeting_attendees, T.profiles].map(
          async (t) => [t.split('.')[1], (await rows(t, c)).length] as const,
        ),
      ),
    );

  test('DELETE removes exactly what the import made, and an empty About me it filled is empty again', async () => {
    const c = h.user();
    await c.post('/people', { person: { full_name: 'Mine' } });
    // A visit to About me may leave an empty row: the import fills it, and undo empties it again.
    await db()(T.profiles).insert({ user_id: c.id });
    const id = await imported(c);
    expect(await counts(c)).toEqual({ people: 2, person_research: 1, meetings: 1, meeting_attendees: 1, profiles: 1 });
    expect((await rows(T.profiles, c))[0].details).toEqual({ full_name: 'Ada L.', role: 'Lead' });
    expect((await c.delete(`/people/import/${id}`)).body).toEqual({ success: true });
    expect(await counts(c)).toEqual({ people: 1, person_research: 0, meetings: 0, meeting_attendees: 0, profiles: 1 });
    expect((await rows(T.profiles, c))[0]).toMatchObject({ details: {}, statements: [], ai_profile_narrative: '' });
    expect((await rows(T.people, c))[0].full_name).toBe('Mine');
    expect(await ledger(id)).toBe(0);
  });

  test("commit forgets the ledger; another user's id touches nothing", async () => {
    const [ada, grace] = [h.user(), h.user()];
    const id = await imported(ada);
    await grace.delete(`/people/import/${id}`);
    await grace.post(`/people/import/${id}/commit`);
    expect((await counts(ada)).people).toBe(1);
    expect(await ledger(id)).toBeGreaterThan(0);
    await ada.post(`/people/import/${id}/commit`);
    expect(await ledger(id)).toBe(0);
    await ada.delete(`/people/import/${id}`);
    expect(await counts(ada)).toEqual({ people: 1, person_research: 1, meetings: 1, meeting_attendees: 1, profiles: 1 });
  });
});
