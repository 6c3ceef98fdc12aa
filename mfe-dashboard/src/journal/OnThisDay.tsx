import { useQuery } from '@tanstack/react-query';
import { formatDayLong } from '@cc/contracts/dates';
import { Link } from '@cc/ui/router';
import { lookBackQuery, type LookBack } from './api/journal';

/** How each look back is named (docs/journal.md#on-this-day). */
export const LOOK_BACK_LABELS: Record<LookBack['entries'][number]['ago'], string> = {
  one_month: 'A month ago',
  three_months: 'Three months ago',
  one_year: 'A year ago',
};

/**
 * "On this day": the entries written a month, three months and a year before the open day, one
 * line each, linking to that day. Nothing at all while loading, when there are none, or when the
 * call fails: it is a reminder, and the page works without it.
 */
export function OnThisDay({ date }: { date: string }) {
  const { data } = useQuery(lookBackQuery(date));
  const entries = data?.entries ?? [];
  if (!entries.length) return null;
  return (
    <section className="journal-on-this-day" aria-labelledby="journal-on-this-day-title" data-testid="journal-on-this-day">
      <h3 id="journal-on-this-day-title" className="journal-on-this-day-title">
        On this day
      </h3>
      <ul>
        {entries.map((entry) => (
          <li key={entry.ago} data-ago={entry.ago}>
            <span className="journal-on-this-day-ago">{LOOK_BACK_LABELS[entry.ago]}</span>
            <Link to={entry.url} title={formatDayLong(entry.date)}>
              {entry.line}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
