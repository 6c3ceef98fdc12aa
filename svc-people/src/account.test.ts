import { describe, expect, test } from '@jest/globals';
import { tablesWithoutOwner } from '@cc/service-kit';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { addPeople, startPeople } from './test-support';

const h = startedForTests(startPeople);

/** Two people, a meeting with both, and About me details. */
async function fill(c: TestClient): Promise<number> {
  const [dana, sam] = await addPeople(c, 'Dana Lee', 'Sam Ortiz');
  const meeting = await c.post('/meetings', {
    meeting: { title: 'Q3 planning', meeting_date: '2026-03-05T14:30' },
    attendee_ids: [dana, sam],
  });
  await c.patch('/profile', { details: { full_name: 'Jane Doe' } });
  return meeting.body.meeting.id as number;
}

describe('DELETE /people/account', () => {
  test("deletes the caller's people, meetings and About me, and only theirs", async () => {
    const [me, other] = [h.user(), h.user()];
    const mine = await fill(me);
    const theirs = await fill(other);

    const res = await me.delete('/people/account');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect((await me.get('/people')).body).toEqual([]);
    expect((await me.get(`/meetings/${mine}`)).status).toBe(404);
    expect((await me.get('/profile')).body.details?.full_name ?? '').toBe('');
    expect((await other.get('/people')).body).toHaveLength(2);
    expect((await other.get(`/meetings/${theirs}`)).status).toBe(200);
    expect((await other.get('/profile')).body.details.full_name).toBe('Jane Doe');
  });

  test('deleting again is fine, and it needs the session and the CSRF token', async () => {
    const me = h.user();
    await fill(me);
    expect((await me.delete('/people/account', { csrf: false })).status).toBe(403);
    expect((await new TestClient(h.svc.url).delete('/people/account')).status).toBe(401);
    expect((await me.get('/people')).body).toHaveLength(2);
    expect((await me.delete('/people/account')).status).toBe(200);
    expect((await me.delete('/people/account')).body).toEqual({ success: true });
  });

  test('every table of the schema holds rows by user_id (or goes with one that does)', async () => {
    expect(await tablesWithoutOwner(h.database.db, 'people')).toEqual([]);
  });
});
