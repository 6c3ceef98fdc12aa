/**
 * The calendar settings of svc-identity alone (the feed's whole path, with planning and
 * meetings, is gateway/src/embedded/calendar.test.ts): defaults, validation with the messages,
 * partial updates, and what a new address does to the old one's session.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { freshDatabase, startTestService, TestClient, type RunningService, type TestDatabase } from '@cc/service-kit/testing';
import { identityService } from '../service';

let database: TestDatabase;
let svc: RunningService;

beforeAll(async () => {
  database = await freshDatabase();
  svc = await startTestService(identityService, database.db);
});
afterAll(async () => {
  await svc?.close();
  await database?.drop();
});

async function signedUp(): Promise<TestClient> {
  const c = new TestClient(svc.url);
  await c.signUp();
  return c;
}

describe('/auth/calendar', () => {
  test('before anything is chosen: everything on, no reminders, no zone, no feed (and nothing written)', async () => {
    const c = new TestClient(svc.url);
    const user = await c.signUp();
    const res = await c.get('/auth/calendar');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      calendar: {
        time_zone: null,
        include_todos: true,
        include_milestones: true,
        include_meetings: true,
        reminders: { start_of_day: null, end_of_day: null, end_of_week: null },
        feed_path: null,
      },
    });
    expect(await database.db('identity.calendar_feeds').where({ user_id: user.id }).first()).toBeUndefined();
  });

  test('a change keeps what was not sent; a reminder sent as null is turned off', async () => {
    const c = await signedUp();
    await c.patch('/auth/calendar', { time_zone: 'Asia/Kolkata', reminders: { start_of_day: '08:00', end_of_week: '15:30' } });
    const res = await c.patch('/auth/calendar', { include_meetings: false, reminders: { start_of_day: null } });
    expect(res.status).toBe(200);
    expect(res.body.calendar).toMatchObject({
      time_zone: 'Asia/Kolkata',
      include_meetings: false,
      include_todos: true,
      reminders: { start_of_day: null, end_of_day: null, end_of_week: '15:30' },
    });
  });

  test('bad input is a 422 with every message, and changes nothing', async () => {
    const c = await signedUp();
    await c.patch('/auth/calendar', { time_zone: 'Europe/Paris' });
    const res = await c.patch('/auth/calendar', { time_zone: 'Mars/Olympus_Mons', reminders: { end_of_day: '25:00' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      errors: ['Choose a time zone from the list', 'A reminder time is written as HH:MM, from 00:00 to 23:59'],
    });
    expect((await c.patch('/auth/calendar', { include_todos: 'yes' })).status).toBe(422);
    expect((await c.patch('/auth/calendar', [])).body.errors).toEqual(['Send the calendar settings as an object']);
    expect((await c.get('/auth/calendar')).body.calendar.time_zone).toBe('Europe/Paris');
  });

  test('a new address revokes the old one’s session; turning the feed off revokes the last', async () => {
    const c = await signedUp();
    const first = (await c.post('/auth/calendar/reset')).body.calendar.feed_path as string;
    expect(first).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const sessions = () =>
      database.db('identity.sessions').where({ user_agent: 'calendar feed' }).orderBy('created_at').select('id', 'revoked_at');
    const before = (await sessions()).length;
    const second = (await c.post('/auth/calendar/reset')).body.calendar.feed_path as string;
    expect(second).not.toBe(first);
    expect((await c.get('/auth/calendar')).body.calendar.feed_path).toBe(second);
    expect((await sessions()).filter((s) => s.revoked_at === null)).toHaveLength(before);
    await c.delete('/auth/calendar/feed');
    expect((await sessions()).filter((s) => s.revoked_at === null)).toHaveLength(before - 1);
  });

  test('the settings need a session, and a write its CSRF token', async () => {
    expect((await new TestClient(svc.url).get('/auth/calendar')).status).toBe(401);
    const c = await signedUp();
    expect((await c.post('/auth/calendar/reset', undefined, { csrf: false })).status).toBe(403);
  });
});
