/** ISO-week helpers for week plans (period keys YYYY-Www). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

/** The Monday (UTC) of an ISO week key, or undefined for a malformed key. */
export function isoWeekMonday(periodKey: string): Date | undefined {
  const m = periodKey.match(/^(\d{4})-W(\d{2})$/);
  if (!m) return undefined;
  const year = Number(m[1]);
  const week = Number(m[2]);
  if (week < 1 || week > 53) return undefined;
  // Week 1 is the week holding 4 January.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const mondayOfWeek1 = Date.UTC(year, 0, 4 - ((jan4.getUTCDay() + 6) % 7));
  return new Date(mondayOfWeek1 + (week - 1) * 7 * 86_400_000);
}

const short = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;

/** "Week 12, 2025 (17 Mar – 23 Mar)" */
export function weekLabel(periodKey: string): string {
  const monday = isoWeekMonday(periodKey);
  if (!monday) return periodKey;
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  const [year, week] = periodKey.split('-W');
  return `Week ${Number(week)}, ${year} (${short(monday)} – ${short(sunday)})`;
}
