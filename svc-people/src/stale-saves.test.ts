import { describe, expect, test } from '@jest/globals';
import { PEOPLE_MESSAGES as M } from '@cc/contracts';
import { startedForTests } from '@cc/service-kit/testing';
import { addPeople, startPeople } from './test-support';

const h = startedForTests(startPeople);

describe('person fields carry a revision: two tabs no longer overwrite each other', () => {
  test('each field has its own revision, up by one per change; a save based on an old one is 409 with what the field holds now', async () => {
    const c = h.user();
    const [id] = await addPeople(c, 'Dana Lee');
    expect((await c.get(`/people/${id}`)).body.person.revisions).toEqual({});

    // Tab A saves the role, based on revision 0 (never written).
    const a = await c.patch(`/people/${id}`, { basic_profile: { role: 'VP Sales' }, revision: 0, save_id: 'tab-a-1' });
    expect(a.status).toBe(200);
    expect(a.body.person.revisions).toEqual({ 'basic_profile.role': 1 });

    // Tab B still believes revision 0: refused, nothing written, and it is told what is there now.
    const b = await c.patch(`/people/${id}`, { basic_profile: { role: 'CFO' }, revision: 0, save_id: 'tab-b-1' });
    expect(b.status).toBe(409);
    expect(b.body).toEqual({
      success: false,
      errors: [M.stalePersonField],
      current: { field: 'basic_profile.role', content: 'VP Sales', revision: 1, save_id: 'tab-a-1' },
    });
    expect((await c.get(`/people/${id}`)).body.person.basic_profile.role).toBe('VP Sales');

    // Another field is not in conflict; the same text again is none either.
    expect((await c.patch(`/people/${id}`, { basic_profile: { company: 'Acme' }, revision: 0 })).status).toBe(200);
    const same = await c.patch(`/people/${id}`, { basic_profile: { role: 'VP Sales' }, revision: 0 });
    expect(same.status).toBe(200);
    expect(same.body.person.revisions).toEqual({ 'basic_profile.role': 1, 'basic_profile.company': 1 });

    // The name too.
    expect((await c.patch(`/people/${id}`, { full_name: 'Dana L.', revision: 0 })).body.person.revisions.full_name).toBe(1);
    expect((await c.patch(`/people/${id}`, { full_name: 'Dana Lee', revision: 0 })).status).toBe(409);
  });

  test('a client that sends no revision still saves (the documented call), and the revision still goes up', async () => {
    const c = h.user();
    const [id] = await addPeople(c, 'Sam Ortiz');
    await c.patch(`/people/${id}`, { basic_profile: { role: 'CTO' }, revision: 0 });
    const res = await c.patch(`/people/${id}`, { basic_profile: { role: 'CEO' } });
    expect(res.status).toBe(200);
    expect(res.body.person.basic_profile.role).toBe('CEO');
    expect(res.body.person.revisions['basic_profile.role']).toBe(2);
    // The save id of a save without one is not kept: a later 409 names none.
    const stale = await c.patch(`/people/${id}`, { basic_profile: { role: 'CIO' }, revision: 1 });
    expect(stale.body.current).toEqual({ field: 'basic_profile.role', content: 'CEO', revision: 2 });
  });

  test('a revision goes with one field; a bad revision or save id is 422', async () => {
    const c = h.user();
    const [id] = await addPeople(c, 'Kim Park');
    const two = await c.patch(`/people/${id}`, { basic_profile: { role: 'a', company: 'b' }, revision: 0 });
    expect(two.status).toBe(422);
    expect(two.body.errors).toEqual([M.revisionOneField]);
    expect((await c.patch(`/people/${id}`, { basic_profile: { role: 'a' }, revision: -1 })).status).toBe(422);
    expect((await c.patch(`/people/${id}`, { basic_profile: { role: 'a' }, save_id: 'no spaces' })).status).toBe(422);
    expect((await c.get(`/people/${id}`)).body.person.basic_profile.role).toBe('');
  });
});

describe('meeting fields carry a revision', () => {
  test('a stale save of a meeting field is 409 with the current text; other fields and no revision save', async () => {
    const c = h.user();
    const [dana] = await addPeople(c, 'Dana Lee');
    const created = await c.post('/meetings', { meeting: { title: 'Kick-off', meeting_date: '2026-03-05T14:30' }, attendee_ids: [dana] });
    const id = created.body.meeting.id;
    expect(created.body.meeting.revisions).toEqual({});

    const a = await c.patch(`/meetings/${id}`, { meeting: { goals: 'Agree the budget' }, revision: 0, save_id: 'tab-a' });
    expect(a.status).toBe(200);
    expect(a.body.meeting.revisions).toEqual({ goals: 1 });

    const b = await c.patch(`/meetings/${id}`, { meeting: { goals: 'Hire two people' }, revision: 0 });
    expect(b.status).toBe(409);
    expect(b.body).toEqual({
      success: false,
      errors: [M.staleMeetingField],
      current: { field: 'goals', content: 'Agree the budget', revision: 1, save_id: 'tab-a' },
    });

    // The date compares as stored (the wall clock), the title after a blank becomes the default.
    const date = await c.patch(`/meetings/${id}`, { meeting: { meeting_date: '2026-03-06T09:00' }, revision: 0 });
    expect(date.body.meeting.revisions.meeting_date).toBe(1);
    const staleDate = await c.patch(`/meetings/${id}`, { meeting: { meeting_date: '2026-03-07T09:00' }, revision: 0 });
    expect(staleDate.body.current).toEqual({ field: 'meeting_date', content: '2026-03-06T09:00', revision: 1 });

    // Attendees carry none; a save without a revision wins.
    expect((await c.patch(`/meetings/${id}`, { meeting: {}, attendee_ids: [] })).status).toBe(200);
    const plain = await c.patch(`/meetings/${id}`, { meeting: { goals: 'Hire two people' } });
    expect(plain.status).toBe(200);
    expect(plain.body.meeting).toMatchObject({ goals: 'Hire two people', revisions: { goals: 2, meeting_date: 1 } });
    expect((await c.get(`/meetings/${id}`)).body.meeting.revisions).toEqual({ goals: 2, meeting_date: 1 });
  });

  test('a revision goes with exactly one field', async () => {
    const c = h.user();
    const created = await c.post('/meetings', { meeting: { title: 'One' } });
    const id = created.body.meeting.id;
    const res = await c.patch(`/meetings/${id}`, { meeting: { goals: 'a', notes: 'b' }, revision: 0 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([M.revisionOneField]);
    // Another user's meeting is still 404, revision or not.
    expect((await h.user().patch(`/meetings/${id}`, { meeting: { goals: 'x' }, revision: 0 })).status).toBe(404);
  });
});
