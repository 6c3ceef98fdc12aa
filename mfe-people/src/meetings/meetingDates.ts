import { formatDay, formatDayLong, formatTime } from '@cc/contracts/dates';

/**
 * A meeting's date as the user reads it, through @cc/contracts/dates (their locale). The stored
 * 'YYYY-MM-DDTHH:MM' is a wall-clock time with no zone: `new Date` reads it as local, so the
 * time is shown as written. `short_date` in the answers stays for the documented call only.
 */

const time = (value: string) => (value.length > 10 ? formatTime(value) : '');

/** For lists: "Thu 5 Mar, 14:30" (the year when it is not this one); '' without a date. */
export function meetingWhen(value: string | null | undefined): string {
  if (!value) return '';
  const at = time(value);
  return at ? `${formatDay(value)}, ${at}` : formatDay(value);
}

/** For the modal, beside its date field: "Thursday 5 March 2026, 14:30"; '' when the field holds none. */
export function meetingWhenLong(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  const at = time(value);
  return at ? `${formatDayLong(value)}, ${at}` : formatDayLong(value);
}
