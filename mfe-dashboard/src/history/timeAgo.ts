/** How long ago a moment was, in words ("just now", "12 minutes ago", "3 days ago"); the absolute time is shown beside it. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return 'just now';
  const unit = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many} ago`);
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return unit(minutes, 'a minute ago', 'minutes');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return unit(hours, 'an hour ago', 'hours');
  const days = Math.round(hours / 24);
  if (days < 30) return unit(days, 'yesterday', 'days');
  if (days < 365) return unit(Math.round(days / 30), 'a month ago', 'months');
  return unit(Math.round(days / 365), 'a year ago', 'years');
}

/** "1 character", "1,234 characters". */
export const charactersText = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'character' : 'characters'}`;
