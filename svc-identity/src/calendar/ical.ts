import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAlarmType, ICalEventRepeatingFreq, ICalEventTransparency, ICalWeekday, type ICalEventData } from 'ical-generator';
import {
  CALENDAR_REMINDER_LABELS,
  CALENDAR_REMINDERS,
  type CalendarReminder,
  type MeetingListItem,
  type Milestone,
  type Todo,
} from '@cc/contracts';
import { checkinAddress, meetingAddress, milestoneAddress, todoAddress } from '@cc/contracts/addresses';

export interface FeedContent {
  userId: number;
  /** The user's zone; null: not chosen, so times are floating (shown at their wall-clock time wherever the reader is). */
  timeZone: string | null;
  /** Where the workspace is, for the links back (`https://career.example.com`). */
  origin: string;
  todos: Todo[];
  milestones: Milestone[];
  meetings: MeetingListItem[];
  reminders: Partial<Record<CalendarReminder, string | null>>;
  /** When the settings last changed: the reminders start that day, and it is their DTSTAMP. */
  settingsChangedAt: Date;
}

const UID_DOMAIN = 'career-workspace';
/** A meeting has a start only; an hour is what a calendar shows when it does not know. */
const MEETING_MINUTES = 60;
const REMINDER_MINUTES = 15;
const WEEKDAYS = [ICalWeekday.MO, ICalWeekday.TU, ICalWeekday.WE, ICalWeekday.TH, ICalWeekday.FR];

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/**
 * A wall-clock time of the user's, as the instant it is in their zone (TZDate: ical-generator
 * writes it back as that wall clock with TZID), or as a floating time without a zone.
 */
function wallClock(zone: string | null, year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return zone ? TZDate.tz(zone, year, month - 1, day, hour, minute) : new Date(Date.UTC(year, month - 1, day, hour, minute));
}

function dateOf(text: string, zone: string | null): Date | undefined {
  const m = DATE.exec(text);
  return m ? wallClock(zone, Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

function dateTimeOf(text: string, zone: string | null): Date | undefined {
  const m = DATE_TIME.exec(text);
  return m ? wallClock(zone, Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])) : undefined;
}

const plusMinutes = (d: Date, minutes: number): Date =>
  d instanceof TZDate ? new TZDate(d.getTime() + minutes * 60_000, d.timeZone!) : new Date(d.getTime() + minutes * 60_000);

const names = (list: string[]): string =>
  list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;

const paragraphs = (...parts: (string | undefined | false)[]): string =>
  parts.filter((p): p is string => !!p && p.trim() !== '').join('\n\n');

/** The first day, from `from` on (its calendar date in the zone it carries), whose weekday (0 Sunday) is one of `weekdays`. */
function firstDayOn(from: Date, weekdays: number[], utc: boolean): { year: number; month: number; day: number } {
  const d = new Date(
    Date.UTC(
      utc ? from.getUTCFullYear() : from.getFullYear(),
      utc ? from.getUTCMonth() : from.getMonth(),
      utc ? from.getUTCDate() : from.getDate(),
    ),
  );
  while (!weekdays.includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate() + 1);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The account's calendar as an iCalendar document (RFC 5545): what a calendar app subscribes to. */
export function feedCalendar(content: FeedContent): string {
  const { timeZone: zone, origin } = content;
  const link = (address: string) => `${origin}${address}`;
  const calendar = ical({
    name: 'Career workspace',
    description: 'Your todos, milestones, meetings and check-ins from your career workspace.',
    prodId: { company: 'career-workspace', product: 'calendar-feed', language: 'EN' },
    // Each zone the events name gets its VTIMEZONE; the calendar itself stays zoneless so that
    // DTSTAMP is written in UTC, as RFC 5545 asks.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: 3600,
    ...(zone ? { x: [['X-WR-TIMEZONE', zone] as [string, string]] } : {}),
  });
  const when = (start: Date, end?: Date): Pick<ICalEventData, 'start' | 'end' | 'timezone' | 'floating'> => ({
    start,
    ...(end ? { end } : {}),
    ...(zone ? { timezone: zone } : { floating: true }),
  });

  for (const todo of content.todos) {
    const start = todo.due_date && !todo.completed ? dateOf(todo.due_date, zone) : undefined;
    if (!start) continue;
    const url = link(todoAddress(todo.id));
    calendar.createEvent({
      id: `todo-${todo.id}@${UID_DOMAIN}`,
      ...when(start),
      allDay: true,
      summary: `To do: ${todo.title}`,
      description: paragraphs(todo.description, `Open it in your planning: ${url}`),
      url,
      transparency: ICalEventTransparency.TRANSPARENT,
      stamp: new Date(todo.updated_at),
    });
  }

  for (const milestone of content.milestones) {
    const start = dateOf(milestone.target_date, zone);
    if (!start) continue;
    const url = link(milestoneAddress(milestone.id));
    const { done, total } = milestone.progress;
    calendar.createEvent({
      id: `milestone-${milestone.id}@${UID_DOMAIN}`,
      ...when(start),
      allDay: true,
      summary: `${milestone.completed ? 'Reached milestone' : 'Milestone'}: ${milestone.title}`,
      description: paragraphs(
        milestone.description,
        total > 0 && `${done} of ${total} linked ${total === 1 ? 'todo' : 'todos'} done.`,
        `Open it in your planning: ${url}`,
      ),
      url,
      transparency: ICalEventTransparency.TRANSPARENT,
      stamp: new Date(milestone.updated_at),
    });
  }

  for (const meeting of content.meetings) {
    const start = meeting.meeting_date ? dateTimeOf(meeting.meeting_date, zone) : undefined;
    if (!start) continue;
    const url = link(meetingAddress(meeting.attendees[0]?.id ?? null, meeting.id));
    const attendees = meeting.attendees.map((a) => a.name);
    calendar.createEvent({
      id: `meeting-${meeting.id}@${UID_DOMAIN}`,
      ...when(start, plusMinutes(start, MEETING_MINUTES)),
      summary: meeting.title,
      ...(meeting.location ? { location: meeting.location } : {}),
      description: paragraphs(attendees.length > 0 && `With ${names(attendees)}.`, `Prepare it in your workspace: ${url}`),
      url,
      stamp: new Date(meeting.updated_at),
    });
  }

  const firstDay = content.settingsChangedAt;
  for (const reminder of CALENDAR_REMINDERS) {
    const time = content.reminders[reminder];
    const m = time ? /^(\d{2}):(\d{2})$/.exec(time) : null;
    if (!m) continue;
    const days = reminder === 'end_of_week' ? [5] : [1, 2, 3, 4, 5];
    const date = firstDayOn(zone ? new TZDate(firstDay.getTime(), zone) : firstDay, days, !zone);
    const start = wallClock(zone, date.year, date.month, date.day, Number(m[1]), Number(m[2]));
    const url = link(checkinAddress(reminder));
    const label = CALENDAR_REMINDER_LABELS[reminder];
    // DTSTART is the first occurrence: RFC 5545 counts a DTSTART off the rule as one more.
    const event = calendar.createEvent({
      id: `reminder-${reminder}-${content.userId}@${UID_DOMAIN}`,
      ...when(start, plusMinutes(start, REMINDER_MINUTES)),
      summary: label,
      description: `A few minutes with your coach: ${url}`,
      url,
      repeating: { freq: ICalEventRepeatingFreq.WEEKLY, byDay: reminder === 'end_of_week' ? [ICalWeekday.FR] : WEEKDAYS },
      transparency: ICalEventTransparency.TRANSPARENT,
      stamp: firstDay,
    });
    event.createAlarm({ type: ICalAlarmType.display, trigger: 0, description: label });
  }

  return calendar.toString();
}
