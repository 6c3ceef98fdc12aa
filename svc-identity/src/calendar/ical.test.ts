import { describe, expect, test } from '@jest/globals';
import ICAL from 'ical.js';
import type { MeetingListItem, Milestone, Todo } from '@cc/contracts';
import { feedCalendar, type FeedContent } from './ical';

const todo = (over: Partial<Todo>): Todo => ({
  id: 1,
  title: 'Write the brief',
  due_date: '2027-03-28',
  description: '',
  tags: [],
  completed: false,
  milestone_id: null,
  source_key: null,
  source_label: null,
  source_url: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  ...over,
});

const milestone = (over: Partial<Milestone>): Milestone => ({
  id: 7,
  title: 'Lead the launch',
  target_date: '2027-04-01',
  description: 'The first launch I own.',
  milestone_type: 'career',
  completed: false,
  progress: { done: 1, total: 3 },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-03T10:00:00.000Z',
  ...over,
});

const meeting = (over: Partial<MeetingListItem>): MeetingListItem => ({
  id: 3,
  title: '1:1 with Grace',
  meeting_date: '2027-03-28T09:30',
  short_date: 'Mar 28, 2027',
  location: '',
  attendees: [
    { id: 5, name: 'Grace Hopper' },
    { id: 6, name: 'Alan Turing' },
    { id: 8, name: 'Ada Lovelace' },
  ],
  updated_at: '2026-11-04T10:00:00.000Z',
  ...over,
});

const content = (over: Partial<FeedContent>): FeedContent => ({
  userId: 42,
  timeZone: 'Europe/Berlin',
  origin: 'https://career.example.com',
  todos: [],
  milestones: [],
  meetings: [],
  reminders: {},
  settingsChangedAt: new Date('2026-11-28T12:00:00Z'),
  ...over,
});

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((c) => ({ c, e: new ICAL.Event(c) })) };
}

describe('feedCalendar', () => {
  test('a meeting across a daylight-saving change keeps its wall-clock time, with the zone it is in', () => {
    // Berlin moves to summer time on 2027-03-28 at 02:00: 09:30 that day is 07:30 UTC, the day before 08:30.
    const text = feedCalendar(content({ meetings: [meeting({}), meeting({ id: 4, meeting_date: '2027-03-27T09:30' })] }));
    const { calendar, events } = parse(text);
    expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20270328T093000');
    expect(events.map(({ e }) => e.startDate.toJSDate().toISOString())).toEqual(['2027-03-28T07:30:00.000Z', '2027-03-27T08:30:00.000Z']);
    expect(events[0]!.e.description).toBe(
      'With Grace Hopper, Alan Turing and Ada Lovelace.\n\nPrepare it in your workspace: https://career.example.com/people?person=5&meeting=3',
    );
  });

  test('every DTSTAMP is UTC, from when the object last changed, so an unchanged feed is the same bytes', () => {
    const input = content({ todos: [todo({})], milestones: [milestone({})], meetings: [meeting({})], reminders: { end_of_day: '17:30' } });
    const text = feedCalendar(input);
    expect(text.match(/^DTSTAMP:[^\r]*/gm)).toEqual([
      'DTSTAMP:20261102T100000Z',
      'DTSTAMP:20261103T100000Z',
      'DTSTAMP:20261104T100000Z',
      'DTSTAMP:20261128T120000Z',
    ]);
    expect(feedCalendar(input)).toBe(text);
  });

  test('todos and milestones are all-day, free time, with their links; text that iCalendar escapes survives', () => {
    const text = feedCalendar(
      content({
        todos: [todo({ title: 'Ask: budget, scope; dates\\plans', description: 'Line one\nLine two' })],
        milestones: [milestone({ completed: true })],
      }),
    );
    const { events } = parse(text);
    const [t, m] = events;
    expect(t!.e.summary).toBe('To do: Ask: budget, scope; dates\\plans');
    expect(t!.e.startDate.toString()).toBe('2027-03-28');
    expect(t!.e.description).toBe('Line one\nLine two\n\nOpen it in your planning: https://career.example.com/planning/all_todos?todo=1');
    expect(t!.c.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect(m!.e.summary).toBe('Reached milestone: Lead the launch');
    expect(m!.e.description).toContain('1 of 3 linked todos done.');
  });

  test('without a chosen zone, times are floating: the same wall clock wherever the reader is', () => {
    const text = feedCalendar(content({ timeZone: null, meetings: [meeting({})] }));
    expect(text).toContain('DTSTART:20270328T093000\r\n');
    expect(text).not.toContain('VTIMEZONE');
    expect(parse(text).events[0]!.e.startDate.zone?.tzid).toBe('floating');
  });

  test('reminders repeat on weekdays (the week’s on Fridays) from the first such day, with an alarm', () => {
    // Saturday 2026-11-28 in Berlin: the weekday reminders start on Monday the 30th, the weekly one on Friday 4 December.
    const text = feedCalendar(content({ reminders: { start_of_day: '08:15', end_of_week: '16:00', end_of_day: null } }));
    const { events } = parse(text);
    expect(events.map(({ e }) => [e.summary, e.startDate.toString(), e.component.getFirstPropertyValue('rrule')?.toString()])).toEqual([
      ['Start-of-day check-in', '2026-11-30T08:15:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
      ['End-of-week check-in', '2026-12-04T16:00:00', 'FREQ=WEEKLY;BYDAY=FR'],
    ]);
    expect(events[0]!.c.getFirstSubcomponent('valarm')?.getFirstPropertyValue('action')).toBe('DISPLAY');
    const next = events[0]!.e.iterator();
    expect([next.next()!.toString(), next.next()!.toString()]).toEqual(['2026-11-30T08:15:00', '2026-12-01T08:15:00']);
  });

  test('an empty feed is still a valid calendar', () => {
    const { calendar, events } = parse(feedCalendar(content({})));
    expect(events).toEqual([]);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Career workspace');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  });
});
