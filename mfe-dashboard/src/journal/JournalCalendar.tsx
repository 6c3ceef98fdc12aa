import { useEffect, useState } from 'react';
import { formatDayLong, formatMonth } from '@cc/contracts/dates';
import { isIsoDate, localIsoDate, monthGrid } from '@cc/contracts/periods';

export interface JournalCalendarProps {
  /** The date shown (YYYY-MM-DD). */
  selected: string;
  /** Dates that have an entry. */
  entries: ReadonlySet<string>;
  /** The list of dates could not be loaded (the calendar still works, without marks). */
  entriesError?: string | null;
  onSelect: (date: string) => void;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function monthOf(iso: string): { year: number; month: number } {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return { year: y, month: m };
}

/** A month calendar that marks the days with an entry; moves between months and to any date. */
export function JournalCalendar({ selected, entries, entriesError, onSelect }: JournalCalendarProps) {
  const [view, setView] = useState(() => monthOf(selected));
  const [goTo, setGoTo] = useState(selected);
  const today = localIsoDate();

  // Follow the selected date to its month.
  useEffect(() => {
    setView(monthOf(selected));
    setGoTo(selected);
  }, [selected]);

  const step = (delta: number) =>
    setView(({ year, month }) => {
      const index = year * 12 + (month - 1) + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });

  const weeks = monthGrid(view.year, view.month);
  const label = formatMonth(`${view.year}-${String(view.month).padStart(2, '0')}`, { year: true, long: true });
  const count = weeks.flat().filter((d) => d && entries.has(d)).length;

  return (
    <section
      className="journal-calendar"
      aria-label="Calendar"
      data-testid="journal-calendar"
      data-month={`${view.year}-${String(view.month).padStart(2, '0')}`}
    >
      <div className="journal-calendar-head">
        <button type="button" className="icon-button journal-calendar-nav" onClick={() => step(-1)} aria-label="Previous month">
          ‹
        </button>
        <h2 className="journal-calendar-title" aria-live="polite">
          {label}
        </h2>
        <button type="button" className="icon-button journal-calendar-nav" onClick={() => step(1)} aria-label="Next month">
          ›
        </button>
      </div>
      <table className="journal-calendar-grid" role="grid" aria-label={label}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" abbr={d}>
                {d.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((date, j) =>
                date ? (
                  <td key={date}>
                    <button
                      type="button"
                      className={`journal-day${entries.has(date) ? ' has-entry' : ''}${date === selected ? ' is-selected' : ''}${date === today ? ' is-today' : ''}`}
                      data-date={date}
                      data-has-entry={entries.has(date) ? 'true' : 'false'}
                      aria-current={date === selected ? 'date' : undefined}
                      aria-label={`${formatDayLong(date)}${entries.has(date) ? ', has an entry' : ''}${date === today ? ', today' : ''}`}
                      onClick={() => onSelect(date)}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`empty-${j}`} aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="journal-calendar-count">
        {entriesError ? `Entries could not be loaded: ${entriesError}` : count === 1 ? '1 entry this month' : `${count} entries this month`}
      </p>
      <form
        className="journal-goto"
        onSubmit={(event) => {
          event.preventDefault();
          if (isIsoDate(goTo)) onSelect(goTo);
        }}
      >
        <label>
          <span>Go to date</span>
          <input type="date" value={goTo} onChange={(event) => setGoTo(event.target.value)} />
        </label>
        <button type="submit" className="button button-small" disabled={!isIsoDate(goTo)}>
          Go
        </button>
        {selected !== today && (
          <button type="button" className="button button-small button-quiet" onClick={() => onSelect(today)}>
            Today
          </button>
        )}
      </form>
    </section>
  );
}
