import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ChatPanel } from '@cc/ui';
import { fetchJournalDates, type JournalListAnswer } from '../api/journal';
import { useServiceCall } from '../hooks/useServiceCall';
import { ServiceStatus } from '../components/ServiceStatus';
import { isIsoDate, localIsoDate, longDate } from '../lib/dates';
import '../journal.css';

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
      <div className="journal-grid">
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
        <section className="panel journal-chat" aria-label="Coach" data-testid="journal-chat">
          <h2>Coach</h2>
          {/* The entry editor comes with the journal issue; until then the chat sees an empty entry. */}
          <ChatPanel
            conversation={{ folder: 'journal', fileName: `${date}.md` }}
            buildPayload={(base) => ({ ...base, file_content: '' })}
            greeting={`Let's reflect on ${longDate(date)}. What's on your mind?`}
            labels={{ title: `Chat about the journal entry of ${date}` }}
          />
        </section>
      </div>
    </div>
  );
}

export { JournalPage };
