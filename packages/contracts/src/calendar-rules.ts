/**
 * The calendar's words and choices without zod, for the pages (the shell's Settings imports
 * these without the schemas). docs/calendar.md.
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
