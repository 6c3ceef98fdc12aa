import { describe, expect, test } from '@jest/globals';
import { PEOPLE_MESSAGES as M } from '@cc/contracts';
import { readInvite, type InviteEventRead } from './invite';
import {
  ALL_DAY_EVENT,
  CANCEL_INVITE,
  ENDLESS_RULE,
  GOOGLE_INVITE,
  HTML_PAGE,
  JSON_TEXT,
  LONDON_GAP_AND_OVERLAP,
  NO_EVENT,
  ONE_CANCELLED,
  OUTLOOK_INVITE,
  PLAIN_TEXT,
  TWO_EVENTS,
  UTC_EVENT,
  WEEKLY_EVENT,
  WEEKLY_MOVED_ALONE,
} from './testing/invites';

const NOW = new Date('2026-01-07T12:00:00Z');

function eventsOf(text: string, zone: string, now = NOW): InviteEventRead[] {
  const read = readInvite(text, zone, now);
  if ('problem' in read) throw new Error(read.problem);
  return read.events;
}
const only = (text: string, zone: string, now = NOW) => {
  const events = eventsOf(text, zone, now);
  expect(events).toHaveLength(1);
  return events[0]!;
};

describe('reading an invitation (docs/people.md#meetings-from-an-invite)', () => {
  test('a Google Calendar invitation: its zone honoured across a daylight-saving change, guests with names and e-mails, the call block left out', () => {
    const event = only(GOOGLE_INVITE, 'Europe/Paris');
    // 10:00 in New York on 10 March (EDT, UTC-4) is 14:00 UTC, 15:00 in Paris (still CET).
    expect(event).toMatchObject({
      uid: '3k2j4h5g6f7d8s9a0ab12cd34ef@google.com',
      title: 'Q2 roadmap review',
      start: '2026-03-10T15:00',
      end: '2026-03-10T16:00',
      all_day: false,
      location: 'Room 4B, 2nd floor',
      description: "Let's go through the Q2 roadmap.\n\nBring the hiring numbers & the budget.",
      recurring: false,
      occurrences: [],
    });
    // The organizer is also an attendee: listed once. An address is compared in lower case.
    expect(event.attendees).toEqual([
      { key: 'dana.lee@example.com', name: 'Dana Lee', email: 'dana.lee@example.com' },
      { key: 'sam.ortiz@example.com', name: 'Sam Ortiz', email: 'sam.ortiz@example.com' },
      { key: 'priya@example.org', name: 'priya@example.org', email: 'priya@example.org' },
    ]);
    expect(only(GOOGLE_INVITE, 'America/New_York').start).toBe('2026-03-10T10:00');
  });

  test('an Outlook invitation: the Windows zone name read from its VTIMEZONE, the meeting room left out', () => {
    const event = only(OUTLOOK_INVITE, 'America/New_York');
    // 14:30 in Berlin in July (UTC+2) is 08:30 in New York (UTC-4).
    expect(event).toMatchObject({
      title: 'Hiring sync',
      start: '2026-07-15T08:30',
      end: '2026-07-15T09:15',
      location: 'Microsoft Teams Meeting',
    });
    expect(event.description).toBe('Agenda:\n1. Hiring plan\n2. Budget');
    expect(event.uid).toBe('040000008200E00074C5B7101A82E00800000000D0F1B2C3A4B5D601000000000000000010000000ABCDEF0123456789');
    expect(event.attendees.map((a) => a.name)).toEqual(['Jonas Weber', 'Dana Lee']);
    expect(only(OUTLOOK_INVITE, 'Europe/Berlin').start).toBe('2026-07-15T14:30');
  });

  test('a UTC time is converted; an all-day event is that day at 00:00 in any zone, without an end', () => {
    expect(only(UTC_EVENT, 'Asia/Tokyo')).toMatchObject({ start: '2026-04-02T18:00', end: '2026-04-02T18:30', attendees: [] });
    expect(only(UTC_EVENT, 'UTC').start).toBe('2026-04-02T09:00');
    for (const zone of ['Pacific/Auckland', 'America/Los_Angeles']) {
      expect(only(ALL_DAY_EVENT, zone)).toMatchObject({
        title: 'Team offsite',
        start: '2026-04-20T00:00',
        end: null,
        all_day: true,
        description: 'The whole day, lunch included.',
      });
    }
  });

  test('a floating time (no zone) is kept as written', () => {
    for (const zone of ['Asia/Tokyo', 'America/Los_Angeles']) expect(eventsOf(TWO_EVENTS, zone)[0]!.start).toBe('2026-05-05T13:00');
  });

  test('a weekly event: its next 12 starts from today, the cancelled one left out, the moved one where it moved, daylight time followed', () => {
    const event = only(WEEKLY_EVENT, 'UTC');
    expect(event).toMatchObject({ recurring: true, start: '2026-01-05T09:30', title: '1:1 with Sam' });
    expect(event.occurrences).toEqual([
      '2026-01-19T09:30',
      '2026-01-27T10:00',
      '2026-02-02T09:30',
      '2026-02-09T09:30',
      '2026-02-16T09:30',
      '2026-02-23T09:30',
      '2026-03-02T09:30',
      '2026-03-09T09:30',
      '2026-03-16T09:30',
      '2026-03-23T09:30',
      // London is on summer time from 29 March: 09:30 there is 08:30 UTC.
      '2026-03-30T08:30',
      '2026-04-06T08:30',
    ]);
    expect(event.hasOccurrence('2026-02-02T09:30')).toBe(true);
    // A past one is still one of its occurrences; the cancelled and the moved-away ones are not.
    expect(event.hasOccurrence('2026-01-05T09:30')).toBe(true);
    expect(event.hasOccurrence('2026-01-12T09:30')).toBe(false);
    expect(event.hasOccurrence('2026-01-26T09:30')).toBe(false);
    expect(event.hasOccurrence('2026-02-03T09:30')).toBe(false);
    // After its 20 times, nothing is upcoming.
    expect(only(WEEKLY_EVENT, 'UTC', new Date('2026-06-01T00:00:00Z')).occurrences).toEqual([]);
  });

  test('a zone named but not defined: a time in the spring-forward gap is the hour after it, one in the fall-back overlap the later one', () => {
    const [gap, overlap] = eventsOf(LONDON_GAP_AND_OVERLAP, 'UTC');
    // 01:30 does not exist on 29 March: read as 02:30 summer time (01:30 UTC).
    expect(gap!.start).toBe('2026-03-29T01:30');
    // 01:30 on 25 October is 00:30 UTC in summer time, then 01:30 UTC in winter time: the later.
    expect(overlap!.start).toBe('2026-10-25T01:30');
    expect(eventsOf(LONDON_GAP_AND_OVERLAP, 'Europe/London').map((e) => e.start)).toEqual(['2026-03-29T02:30', '2026-10-25T01:30']);
    expect(eventsOf(LONDON_GAP_AND_OVERLAP, 'Europe/Paris').map((e) => e.start)).toEqual(['2026-03-29T03:30', '2026-10-25T02:30']);
  });

  test('west of UTC: a time in the gap is the hour after it too; one in the overlap is the earlier (summer time), as TZDate reads it', () => {
    const newYork = LONDON_GAP_AND_OVERLAP.replace('Europe/London:20260329T013000', 'America/New_York:20260308T023000').replace(
      'Europe/London:20261025T013000',
      'America/New_York:20261101T013000',
    );
    // 02:30 on 8 March does not exist: 03:30 EDT (07:30 UTC). 01:30 on 1 November: 01:30 EDT (05:30 UTC).
    expect(eventsOf(newYork, 'UTC').map((e) => e.start)).toEqual(['2026-03-08T07:30', '2026-11-01T05:30']);
    expect(eventsOf(newYork, 'America/New_York').map((e) => e.start)).toEqual(['2026-03-08T03:30', '2026-11-01T01:30']);
  });

  test("the invitation's identity: the UID; an occurrence's is the UID with its slot in UTC (the slot it moved from, for a moved one)", () => {
    expect(only(GOOGLE_INVITE, 'Asia/Tokyo')).toMatchObject({ key: '3k2j4h5g6f7d8s9a0ab12cd34ef@google.com', occurrenceKeys: [] });
    const weekly = only(WEEKLY_EVENT, 'Europe/Paris');
    expect(weekly.key).toBe(null);
    expect(weekly.occurrences.slice(0, 2)).toEqual(['2026-01-19T10:30', '2026-01-27T11:00']);
    expect(weekly.occurrenceKeys.slice(0, 2)).toEqual([
      'weekly-1on1@example.com@2026-01-19T09:30',
      'weekly-1on1@example.com@2026-01-26T09:30',
    ]);
    expect(weekly.occurrenceAt('2026-03-30T10:30')).toEqual({ key: 'weekly-1on1@example.com@2026-03-30T08:30' });
    expect(weekly.occurrenceAt('2026-01-26T10:30')).toBe(null);
    expect(only(WEEKLY_MOVED_ALONE, 'UTC')).toMatchObject({ recurring: false, key: 'weekly-1on1@example.com@2026-01-26T09:30' });
    // Without a UID in the file, there is no identity to keep.
    expect(only(UTC_EVENT.replace('UID:utc-1@example.com\r\n', ''), 'UTC')).toMatchObject({ uid: 'event-1', key: null });
    // A very long UID is kept as its hash.
    expect(only(UTC_EVENT.replace('utc-1@example.com', 'x'.repeat(600)), 'UTC').key).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  test('a cancellation: METHOD:CANCEL cancels every event of its calendar; STATUS:CANCELLED its own', () => {
    expect(only(CANCEL_INVITE, 'UTC').cancelled).toBe(true);
    expect(eventsOf(ONE_CANCELLED, 'UTC').map((e) => e.cancelled)).toEqual([false, true]);
    expect(only(GOOGLE_INVITE, 'UTC').cancelled).toBe(false);
  });

  test('a file with two events answers both, in order', () => {
    const events = eventsOf(TWO_EVENTS, 'UTC');
    expect(events.map((e) => [e.uid, e.title, e.start, e.end])).toEqual([
      ['first@example.com', 'Design review', '2026-05-05T13:00', '2026-05-05T14:00'],
      ['second@example.com', 'Retro', '2026-05-06T16:00', null],
    ]);
  });

  test.each([
    ['plain text', PLAIN_TEXT, M.inviteNotCalendar],
    ['an HTML page', HTML_PAGE, M.inviteNotCalendar],
    ['JSON', JSON_TEXT, M.inviteNotCalendar],
    ['a calendar without an event', NO_EVENT, M.inviteNoEvent],
    ['a NUL character', UTC_EVENT.replace('Coffee', 'Cof\u0000fee'), M.inviteNul],
    ['more than 1 MB', UTC_EVENT.replace('SUMMARY:', `DESCRIPTION:${'x'.repeat(1_048_576)}\r\nSUMMARY:`), M.inviteTooLarge],
    ['a calendar cut short', UTC_EVENT.slice(0, 120), M.inviteNotCalendar],
  ])('%s is refused with its message', (_what, text, message) => {
    expect(readInvite(text, 'UTC', NOW)).toEqual({ problem: message });
  });

  test('a repeat rule no day matches stops at the time budget instead of stopping the service', () => {
    expect(readInvite(ENDLESS_RULE, 'UTC', NOW)).toEqual({ problem: M.inviteTooComplex });
  });
});
