import { z } from 'zod';

/**
 * The calendar feed (docs/calendar.md): a private iCalendar address per account that a calendar
 * app polls without cookies, and the account's calendar settings (what the feed carries, the
 * check-in reminders, the user's time zone). svc-identity keeps them; the feed reads planning and
 * meetings from their services as the account.
 */

export const CALENDAR_MESSAGES = {
  timeZoneInvalid: 'Choose a time zone from the list',
  reminderTimeInvalid: 'A reminder time is written as HH:MM, from 00:00 to 23:59',
  settingsShape: 'Send the calendar settings as an object',
  feedNotFound: 'This calendar link does not exist or was reset',
  feedUnavailable: 'The calendar could not be made just now. Your calendar app will try again.',
} as const;

/** The check-in reminders a feed may carry, each at a time of day the user picks. */
export const CALENDAR_REMINDERS = ['start_of_day', 'end_of_day', 'end_of_week'] as const;
export type CalendarReminder = (typeof CALENDAR_REMINDERS)[number];

/** What each reminder is called in the calendar and in Settings. */
export const CALENDAR_REMINDER_LABELS: Record<CalendarReminder, string> = {
  start_of_day: 'Start-of-day check-in',
  end_of_day: 'End-of-day check-in',
  end_of_week: 'End-of-week check-in',
};

/** The time a reminder starts at when it is first turned on. */
export const CALENDAR_REMINDER_DEFAULTS: Record<CalendarReminder, string> = {
  start_of_day: '09:00',
  end_of_day: '17:30',
  end_of_week: '16:00',
};

/** An IANA zone this runtime knows ('Europe/Berlin', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeOfDay = z
  .string({ error: CALENDAR_MESSAGES.reminderTimeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: CALENDAR_MESSAGES.reminderTimeInvalid });

const timeZoneField = z
  .string({ error: CALENDAR_MESSAGES.timeZoneInvalid })
  .refine(isTimeZone, { error: CALENDAR_MESSAGES.timeZoneInvalid });

/** The reminders, each a time of day or null (not in the feed). */
export const calendarRemindersSchema = z.object(
  Object.fromEntries(CALENDAR_REMINDERS.map((r) => [r, timeOfDay.nullable()])) as Record<CalendarReminder, z.ZodNullable<typeof timeOfDay>>,
);

/** `PATCH /auth/calendar`: only what is sent changes; a reminder sent as null is turned off. */
export const updateCalendarBody = z.object(
  {
    time_zone: timeZoneField.nullable().optional(),
    include_todos: z.boolean({ error: CALENDAR_MESSAGES.settingsShape }).optional(),
    include_milestones: z.boolean({ error: CALENDAR_MESSAGES.settingsShape }).optional(),
    include_meetings: z.boolean({ error: CALENDAR_MESSAGES.settingsShape }).optional(),
    reminders: calendarRemindersSchema.partial().optional(),
  },
  { error: CALENDAR_MESSAGES.settingsShape },
);
export type UpdateCalendarBody = z.infer<typeof updateCalendarBody>;

export const calendarSettingsSchema = z.object({
  /** The user's zone; null: not chosen (the browser's is used, and the feed's is UTC until then). */
  time_zone: z.string().nullable(),
  include_todos: z.boolean(),
  include_milestones: z.boolean(),
  include_meetings: z.boolean(),
  reminders: z.object(
    Object.fromEntries(CALENDAR_REMINDERS.map((r) => [r, z.string().nullable()])) as Record<CalendarReminder, z.ZodNullable<z.ZodString>>,
  ),
  /** The feed's path (`/calendar/<token>.ics`) on this origin, or null while the feed is off. */
  feed_path: z.string().nullable(),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;

/** `GET`/`PATCH /auth/calendar`, `POST /auth/calendar/reset`, `DELETE /auth/calendar/feed` */
export const calendarAnswer = z.object({ success: z.literal(true), calendar: calendarSettingsSchema });
export type CalendarAnswer = z.infer<typeof calendarAnswer>;

/** `GET /calendar/{token}`: the token, with or without `.ics` after it. */
export const calendarFeedParams = z.object({ token: z.string().meta({ description: 'The feed token, optionally followed by .ics' }) });

export const CALENDAR_MEDIA_TYPE = 'text/calendar';
export const calendarFeedPath = (token: string): string => `/calendar/${token}.ics`;

/** How far back a feed goes: a calendar keeps what it had, and a year of the past is plenty to look back on. */
export const CALENDAR_FEED_PAST_DAYS = 366;
