/**
 * The time zone an invitation's times are shown in (docs/people.md#meetings-from-an-invite):
 * the browser's for now. One function, so the user's own choice in Settings can take its place.
 */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
