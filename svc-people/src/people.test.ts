import { describe, expect, test } from '@jest/globals';
import { PERSON_SECTIONS } from '@cc/contracts';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { addPeople, startPeople } from './test-support';

const h = startedForTests(startPeople);

const names = async (c: TestClient) => ((await c.get('/people')).body as { full_name: string }[]).map((p) => p.full_name);

describe('GET and POST /people', () => {
  test('a new user has none; people come back as [{id, full_name}] in the order they were added', async () => {
    const c = h.user();
    expect((await c.get('/people')).body).toEqual([]);
    const created = await c.post('/people', { person: { full_name: '  Dana Lee ' } });
    expect(created.status).toBe(201);
    expect(created.body.person).toMatchObject({ full_name: 'Dana Lee', position: 0 });
    const [sam] = await addPeople(c, 'Sam Ortiz');
    expect((await c.get('/people')).body).toEqual([
      { id: created.body.person.id, full_name: 'Dana Lee' },
      { id: sam, full_name: 'Sam Ortiz' },
    ]);
  });

  test('a name is required and bounded', async () => {
    const c = h.user();
    for (const [body, message] of [
      [{}, 'Please enter a name.'],
      [{ person: { full_name: '  ' } }, 'Please enter a name.'],
      [{ person: { full_name: 'x'.repeat(201) } }, 'Names can be at most 200 characters.'],
      [{ person: 'Dana' }, 'person must be an object, e.g. person{full_name}.'],
    ] as const) {
      const res = await c.post('/people', body);
      expect([res.status, res.body]).toEqual([422, { success: false, errors: [message] }]);
    }
    expect(await names(c)).toEqual([]);
  });

  test('signed out: 401; a write without the CSRF token: 403', async () => {
    expect((await new TestClient(h.svc.url).get('/people')).status).toBe(401);
    const c = h.user();
    expect((await c.post('/people', { person: { full_name: 'X' } }, { csrf: false })).status).toBe(403);
    expect(await names(c)).toEqual([]);
  });
});

describe('GET and PATCH /people/{id}', () => {
  test('a new person has every section with every field, blank', async () => {
    const c = h.user();
    const [id] = await addPeople(c, 'Dana Lee');
    const res = await c.get(`/people/${id}`);
    expect(res.status).toBe(200);
    for (const section of PERSON_SECTIONS) {
      expect(res.body.person[section.key]).toEqual(Object.fromEntries(section.fields.map((f) => [f.key, ''])));
    }
  });

  test('one field, then several of several sections, are saved; the others stay; a reload keeps them', async () => {
    const c = h.user();
    const [id] = await addPeople(c, 'Dana Lee');
    const one = await c.patch(`/people/${id}`, { basic_profile: { role: 'VP Sales' } });
    expect(one.status).toBe(200);
    expect(one.body.person.basic_profile.role).toBe('VP Sales');
    await c.patch(`/people/${id}`, {
      basic_profile: { company: 'Acme', how_we_know: 'We met at the 2024 offsite.\nShe hired my team lead.' },
      working_style: { communication: 'Short Slack messages, no calls before 10' },
    });
    const { person } = (await c.get(`/people/${id}`)).body;
    expect(person.basic_profile).toMatchObject({
      role: 'VP Sales',
      company: 'Acme',
      how_we_know: 'We met at the 2024 offsite.\nShe hired my team lead.',
      team: '',
    });
    expect(person.working_style.communication).toBe('Short Slack messages, no calls before 10');
    // Clearing a field is saving ''.
    await c.patch(`/people/${id}`, { basic_profile: { role: '' } });
    expect((await c.get(`/people/${id}`)).body.person.basic_profile.role).toBe('');
  });

  test('a rename changes the list', async () => {
    const c = h.user();
    const [id] = await addPeople(c, 'Dana');
    await c.patch(`/people/${id}`, { full_name: 'Dana Lee' });
    expect(await names(c)).toEqual(['Dana Lee']);
  });

  test('unknown sections and fields are 422 with every problem named, and nothing is saved', async () => {
    const c = h.user();
    const [id] = await addPeople(c, 'Dana Lee');
    const res = await c.patch(`/people/${id}`, { basic_profile: { role: 'CTO', shoe_size: '42' }, hobbies: { chess: 'yes' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      errors: ['Unknown field "shoe_size" in basic_profile.', 'Unknown profile section "hobbies".'],
    });
    expect((await c.get(`/people/${id}`)).body.person.basic_profile.role).toBe('');
    const long = await c.patch(`/people/${id}`, { notes: { notes: 'x'.repeat(10_001) } });
    expect(long.body).toEqual({ success: false, errors: ['notes.notes can be at most 10,000 characters.'] });
    const empty = await c.patch(`/people/${id}`, {});
    expect(empty.body.errors).toEqual(['Send at least one field to save, e.g. {"basic_profile": {"role": "..."}}.']);
  });

  test("another user's person, or no such id, is 404 'Person not found.' for every call", async () => {
    const owner = h.user();
    const [id] = await addPeople(owner, 'Dana Lee');
    const other = h.user();
    for (const res of [
      await other.get(`/people/${id}`),
      await other.patch(`/people/${id}`, { basic_profile: { role: 'Spy' } }),
      await other.delete(`/people/${id}`),
      await other.get(`/people/${id}/meetings`),
      await other.post(`/people/${id}/perplexity_search`, {}),
      await owner.get('/people/999999999'),
      await owner.get('/people/abc'),
    ]) {
      // (perplexity_search's documented answer names `error` too: it comes beside the list.)
      expect([res.status, res.body]).toMatchObject([404, { success: false, errors: ['Person not found.'] }]);
    }
    expect((await owner.get(`/people/${id}`)).body.person.basic_profile.role).toBe('');
  });
});

describe('PATCH /people/reorder and DELETE /people/{id}', () => {
  test('the listed people first in that order, then the others; ids that are not mine are ignored and named', async () => {
    const c = h.user();
    const [a, b, d] = await addPeople(c, 'A', 'B', 'D');
    const [foreign] = await addPeople(h.user(), 'Foreign');
    const res = await c.patch('/people/reorder', { order: [String(d), a, foreign] });
    expect(res.body).toEqual({ success: true, ignored: [foreign] });
    expect(await names(c)).toEqual(['D', 'A', 'B']);
    expect((await c.get(`/people/${b}`)).body.person.position).toBe(2);
    const bad = await c.patch('/people/reorder', { order: 'D,A' });
    expect([bad.status, bad.body.errors]).toEqual([422, ['order must be a list of person ids (whole numbers).']]);
  });

  test('deleting a person removes them; their meetings stay without them', async () => {
    const c = h.user();
    const [dana, sam] = await addPeople(c, 'Dana', 'Sam');
    const meeting = (await c.post('/meetings', { meeting: { title: 'Sync' }, attendee_ids: [dana, sam] })).body.meeting;
    const res = await c.delete(`/people/${dana}`);
    expect(res.body).toEqual({ success: true, errors: [] });
    expect(await names(c)).toEqual(['Sam']);
    expect((await c.get(`/people/${dana}`)).status).toBe(404);
    const after = (await c.get(`/meetings/${meeting.id}`)).body.meeting;
    expect(after.attendees).toEqual([{ id: sam, name: 'Sam' }]);
    expect(after.attendee_ids).toEqual([sam]);
  });
});
