/**
 * The calendar feed along its whole path, as `npm start` runs it: svc-identity answers
 * `/calendar/{token}` without a session and reads planning and meetings through the gateway as
 * the account, with the feed's own session. Read back with ical.js (Mozilla's parser, the one
 * Thunderbird's calendar uses): the account's todos, milestones, meetings and reminders at their
 * local times, nothing of another account, 304 while nothing changed, 404 once the link is reset.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import ICAL from 'ical.js';
import { startEmbeddedStack, TEST_PASSWORD, type EmbeddedStack, type Session } from './testing/stack';

let stack: EmbeddedStack;
beforeAll(async () => {
  stack = await startEmbeddedStack();
});
afterAll(async () => {
  await stack?.close();
});

const call = (session: Session, method: string, url: string, body?: unknown) => stack.call(session, method, url, body);

async function ok(session: Session, method: string, url: string, body?: unknown) {
  const res = await call(session, method, url, body);
  expect(`${method} ${url} ${res.status}`).toMatch(/ 2\d\d$/);
  return res.body;
}

/** A calendar app: no cookie, maybe an ETag from last time. */
const poll = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.base}${path}`, { headers: { accept: 'text/calendar, */*', ...headers } });

interface ParsedEvent {
  uid: string;
  summary: string;
  start: ICAL.Time;
  end: ICAL.Time | null;
  description: string;
  url: string;
  location: string;
  rrule: string | null;
}

function eventsOf(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((c) => {
    const event = new ICAL.Event(c);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      description: event.description ?? '',
      url: String(c.getFirstPropertyValue('url') ?? ''),
      location: event.location ?? '',
      rrule: c.getFirstPropertyValue('rrule')?.toString() ?? null,
    };
  });
}

async function account(email: string): Promise<Session & { feed: string }> {
  const session = await stack.signUp(email);
  await ok(session, 'PATCH', '/auth/calendar', { time_zone: 'America/New_York', reminders: { start_of_day: '08:45' } });
  const on = await ok(session, 'POST', '/auth/calendar/reset');
  return { ...session, feed: on.calendar.feed_path };
}

describe('the calendar feed', () => {
  let ada: Session & { feed: string };
  let bob: Session & { feed: string };
  let meetingId: number;
  let personId: number;
  let todoId: number;

  beforeAll(async () => {
    ada = await account('ada-calendar@example.com');
    bob = await account('bob-calendar@example.com');
    todoId = (await ok(ada, 'POST', '/planning/todos', { todo: { title: 'Send the review, with notes; today', due_date: '2027-03-14' } }))
      .todo.id;
    await ok(ada, 'POST', '/planning/todos', { todo: { title: 'Undated idea' } });
    const done = (await ok(ada, 'POST', '/planning/todos', { todo: { title: 'Finished already', due_date: '2027-03-01' } })).todo.id;
    await ok(ada, 'PATCH', `/planning/todos/${done}/toggle_completed`);
    await ok(ada, 'POST', '/planning/milestones', { milestone: { title: 'Promotion case', target_date: '2027-04-01' } });
    personId = (await ok(ada, 'POST', '/people', { person: { full_name: 'Grace Hopper' } })).person.id;
    // 09:30 in New York on a winter day is 14:30 UTC; on a summer day 13:30.
    meetingId = (
      await ok(ada, 'POST', '/meetings', {
        meeting: { title: 'Quarterly review', meeting_date: '2027-01-12T09:30', location: 'Room 4' },
        attendee_ids: [personId],
      })
    ).meeting.id;
    await ok(ada, 'POST', '/meetings', { meeting: { title: 'Summer sync', meeting_date: '2027-07-12T09:30' }, attendee_ids: [] });
    await ok(bob, 'POST', '/planning/todos', { todo: { title: 'Bob private todo', due_date: '2027-03-14' } });
    await ok(bob, 'POST', '/meetings', { meeting: { title: 'Bob private meeting', meeting_date: '2027-01-12T10:00' }, attendee_ids: [] });
  });

  test('a calendar app without a cookie gets the account’s todos, milestones, meetings and reminders at their local times', async () => {
    expect(ada.feed).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await poll(ada.feed);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const text = await res.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const events = eventsOf(text);
    const bySummary = new Map(events.map((e) => [e.summary, e]));

    const todo = bySummary.get('To do: Send the review, with notes; today')!;
    expect(todo.start.isDate).toBe(true);
    expect(todo.start.toString()).toBe('2027-03-14');
    expect(todo.uid).toBe(`todo-${todoId}@career-workspace`);
    expect(todo.url).toBe(`${stack.base}/planning/all_todos?todo=${todoId}`);
    expect(bySummary.has('To do: Undated idea')).toBe(false);
    expect(bySummary.has('To do: Finished already')).toBe(false);

    const milestone = bySummary.get('Milestone: Promotion case')!;
    expect(milestone.start.isDate).toBe(true);
    expect(milestone.start.toString()).toBe('2027-04-01');

    const meeting = bySummary.get('Quarterly review')!;
    expect(meeting.start.zone?.tzid).toBe('America/New_York');
    expect(meeting.start.toJSDate().toISOString()).toBe('2027-01-12T14:30:00.000Z');
    expect(meeting.end!.toJSDate().toISOString()).toBe('2027-01-12T15:30:00.000Z');
    expect(meeting.location).toBe('Room 4');
    expect(meeting.description).toContain('With Grace Hopper.');
    expect(meeting.url).toBe(`${stack.base}/people?person=${personId}&meeting=${meetingId}`);
    expect(bySummary.get('Summer sync')!.start.toJSDate().toISOString()).toBe('2027-07-12T13:30:00.000Z');

    const reminder = bySummary.get('Start-of-day check-in')!;
    expect(reminder.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(reminder.start.hour).toBe(8);
    expect(reminder.start.minute).toBe(45);
    expect(reminder.url).toBe(`${stack.base}/coaching?tab=start-of-day-checkin`);
    expect(bySummary.has('End-of-day check-in')).toBe(false);
  });

  test('a feed never carries another account’s data', async () => {
    const adas = await (await poll(ada.feed)).text();
    const bobs = await (await poll(bob.feed)).text();
    expect(adas).not.toContain('Bob private');
    expect(bobs).toContain('Bob private todo');
    expect(bobs).toContain('Bob private meeting');
    expect(bobs).not.toContain('Quarterly review');
    expect(bobs).not.toContain('Grace Hopper');
  });

  test('unchanged, the feed answers 304 to its ETag; a change gives a new one', async () => {
    const first = await poll(ada.feed);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await first.text();
    const again = await poll(ada.feed, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    await ok(ada, 'POST', '/planning/todos', { todo: { title: 'One more', due_date: '2027-03-20' } });
    const changed = await poll(ada.feed, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('One more');
  });

  test('the settings choose what it carries', async () => {
    await ok(ada, 'PATCH', '/auth/calendar', { include_meetings: false, include_todos: false, reminders: { start_of_day: null } });
    const events = eventsOf(await (await poll(ada.feed)).text());
    expect(events.map((e) => e.summary)).toEqual(['Milestone: Promotion case']);
    await ok(ada, 'PATCH', '/auth/calendar', { include_meetings: true, include_todos: true });
  });

  test('"Reset link" makes the old address answer 404 at once, and turning the feed off stops it', async () => {
    const reset = await ok(ada, 'POST', '/auth/calendar/reset');
    expect(reset.calendar.feed_path).not.toBe(ada.feed);
    const old = await poll(ada.feed);
    expect(old.status).toBe(404);
    expect(await old.json()).toEqual({ success: false, errors: ['This calendar link does not exist or was reset'] });
    expect((await poll(reset.calendar.feed_path)).status).toBe(200);

    const off = await ok(ada, 'DELETE', '/auth/calendar/feed');
    expect(off.calendar.feed_path).toBeNull();
    expect((await poll(reset.calendar.feed_path)).status).toBe(404);
    expect((await ok(ada, 'GET', '/auth/calendar')).calendar).toMatchObject({ time_zone: 'America/New_York', feed_path: null });
  });

  test('a made-up or malformed address is a 404 (a NUL in it a 422), never a 500', async () => {
    for (const path of ['/calendar/nope.ics', `/calendar/${'a'.repeat(43)}.ics`, `/calendar/${'a'.repeat(43)}`, '/calendar/x.ics.ics']) {
      expect(`${path} ${(await poll(path)).status}`).toBe(`${path} 404`);
    }
    expect((await poll('/calendar/%00.ics')).status).toBe(422);
  });

  test('when meetings do not answer, the feed is a 503 to retry, never a calendar without them', async () => {
    const people = stack.handlers.people;
    stack.handlers.people = async (_req, res) => {
      res.statusCode = 500;
      res.end('{}');
    };
    try {
      const res = await poll(bob.feed);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('300');
      expect(await res.json()).toEqual({
        success: false,
        errors: ['The calendar could not be made just now. Your calendar app will try again.'],
      });
    } finally {
      stack.handlers.people = people;
    }
    expect((await poll(bob.feed)).status).toBe(200);
  });

  test('deleting the account takes its feed with it', async () => {
    const carol = await account('carol-calendar@example.com');
    expect((await poll(carol.feed)).status).toBe(200);
    await ok(carol, 'DELETE', '/auth/account', { password: TEST_PASSWORD });
    expect((await poll(carol.feed)).status).toBe(404);
  });
});
