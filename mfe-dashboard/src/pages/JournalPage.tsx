import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fetchJournalDates, type JournalListAnswer } from '../api/journal';
import { useServiceCall } from '../hooks/useServiceCall';
import { ServiceStatus } from '../components/ServiceStatus';
import { isIsoDate, localIsoDate, longDate } from '../lib/dates';

function describeEntries(answer: JournalListAnswer): string {
  const count = answer.entries?.length ?? 0;
  return count === 1 ? '1 entry' : `${count} entries`;
}

/** One journal entry per date: /journal/YYYY-MM-DD (today when no date is given). */
export default function JournalPage() {
  const { date: param } = useParams();
  const today = localIsoDate();
  const valid = param === undefined || isIsoDate(param);
  const date = param !== undefined && valid ? param : today;
  const entries = useServiceCall((signal) => fetchJournalDates(signal));

  useEffect(() => {
    document.title = `Journal – ${date}`;
  }, [date]);

  return (
    <div id="journal-root" data-testid="journal-root" data-remote="dashboard" data-date={date} className="page journal">
      <header>
        <h1>Journal</h1>
        <p className="page-lead">One entry per day, with a calendar of the days you wrote and a coach to reflect with.</p>
      </header>
      {!valid && (
        <p className="status-line" data-state="error" role="alert">
          &quot;{param}&quot; is not a date in the form YYYY-MM-DD, so this shows today instead.
        </p>
      )}
      <section className="panel" aria-label="Entry">
        <h2>
          <time dateTime={date}>{longDate(date)}</time>
        </h2>
        <ServiceStatus label="Journal service" state={entries} describe={describeEntries} />
        {date !== today && (
          <p className="status-line">
            <Link to={`/journal/${today}`}>Go to today</Link>
          </p>
        )}
      </section>
    </div>
  );
}

export { JournalPage };
