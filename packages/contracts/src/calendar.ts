import { z } from 'zod';
import { CALENDAR_MESSAGES, CALENDAR_REMINDERS, isTimeZone, type CalendarReminder } from './calendar-rules';

export * from './calendar-rules';

/**
 * The calendar feed (docs/calendar.md): a private iCalendar address per account that a calendar
 * app polls without cookies, and the account's calendar settings (what the feed carries, the
 * check-in reminders, the user's time zone). svc-identity keeps them; the feed reads planning and
 * meetings from their services as the account.
 */

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
