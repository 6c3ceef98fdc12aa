import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@cc/ui/router';
import { errorMessage } from '@cc/client';
import { ChatPanel } from '@cc/ui';
import { DialogProvider } from '@cc/ui/dialogs';
import { journalDatesQuery, LOOK_BACK, type JournalDates } from './api/journal';
import { JournalCalendar } from './JournalCalendar';
import { JournalEntryEditor, type JournalEntryHandle } from './JournalEntryEditor';
import { OnThisDay } from './OnThisDay';
import { formatDayLong } from '@cc/contracts/dates';
import { addDays, isIsoDate, localIsoDate } from '@cc/contracts/periods';
import './journal.css';

/** What the journal's coach does here (it has no file-update flow to offer). */
export const JOURNAL_COACH_ABOUT =
  'Reflect on this day with the coach: it reads your entry and asks questions, and never changes what you wrote.';

/** The tab title of a journal date. */
export const journalTitle = (date: string) => `Journal – ${date}`;

/** One journal entry per date: /journal/YYYY-MM-DD (today when no date is given). */
export default function JournalPage() {
  const { date: param } = useParams();
  const navigate = useNavigate();
  const today = localIsoDate();
  const valid = param === undefined || isIsoDate(param);
  const date = param !== undefined && valid ? param : today;
  const entryRef = useRef<JournalEntryHandle>(null);
  const client = useQueryClient();
  const dates = useQuery(journalDatesQuery());
  const entries = useMemo<ReadonlySet<string>>(() => new Set(dates.data?.entries.map((e) => e.date)), [dates.data]);
  const entriesError = dates.isError ? errorMessage(dates.error) : null;

  useEffect(() => {
    document.title = journalTitle(date);
  }, [date]);

  // /journal is today's entry: the address says which day it is (a bookmark keeps that day).
  useEffect(() => {
    if (param === undefined) navigate(`/journal/${today}`, { replace: true });
  }, [param, today, navigate]);

  // A save marks or clears its day in the cached list of dates: the calendar follows at once.
  // The days that look back to it read it again when next opened (the open day's own look back
  // does not change).
  const onSaved = useCallback(
    (saved: string, hasText: boolean) => {
      void client.invalidateQueries({ queryKey: [LOOK_BACK], refetchType: 'none' });
      client.setQueryData<JournalDates>(journalDatesQuery().queryKey, (answer) => {
        if (!answer || answer.entries.some((e) => e.date === saved) === hasText) return answer;
        const others = answer.entries.filter((e) => e.date !== saved);
        return { ...answer, entries: hasText ? [...others, { date: saved }].sort((a, b) => a.date.localeCompare(b.date)) : others };
      });
    },
    [client],
  );

  const go = useCallback((target: string) => navigate(`/journal/${target}`), [navigate]);

  return (
    // Deleting a day asks first, in an in-app dialog.
    <DialogProvider>
      <div id="journal-root" data-testid="journal-root" data-remote="dashboard" data-date={date} className="page journal">
        <header className="journal-header">
          <div>
            <h1>Journal</h1>
            <p className="page-lead">One entry per day, with a calendar of the days you wrote and a coach to reflect with.</p>
          </div>
        </header>
        {!valid && (
          <p className="status-line" data-state="error" role="alert">
            &quot;{param}&quot; is not a date in the form YYYY-MM-DD, so this shows today instead.
          </p>
        )}
        <div className="journal-grid">
          <section className="panel journal-main" aria-label="Entry">
            <div className="journal-date-bar">
              <button
                type="button"
                className="button button-small"
                onClick={() => go(addDays(date, -1))}
                aria-label={`Previous day (${addDays(date, -1)})`}
              >
                ‹ Previous day
              </button>
              <h2 className="journal-date">
                <time dateTime={date} data-testid="journal-date">
                  {formatDayLong(date)}
                </time>
              </h2>
              <button
                type="button"
                className="button button-small"
                onClick={() => go(addDays(date, 1))}
                aria-label={`Next day (${addDays(date, 1)})`}
              >
                Next day ›
              </button>
              {date !== today && (
                <Link className="journal-today" to={`/journal/${today}`}>
                  Go to today
                </Link>
              )}
            </div>
            <JournalEntryEditor key={date} ref={entryRef} date={date} onSaved={onSaved} />
            <OnThisDay date={date} />
          </section>
          <section className="panel journal-calendar-panel" aria-label="Calendar">
            <JournalCalendar selected={date} entries={entries} entriesError={entriesError} onSelect={go} />
          </section>
          <section className="panel journal-chat" aria-label="Coach" data-testid="journal-chat">
            <h2>Coach</h2>
            <p className="journal-chat-about" data-testid="journal-chat-about">
              {JOURNAL_COACH_ABOUT}
            </p>
            <ChatPanel
              conversation={{ folder: 'journal', fileName: `${date}.md` }}
              buildPayload={(base) => ({ ...base, file_content: entryRef.current?.getText() ?? '' })}
              greeting={`Let's reflect on ${formatDayLong(date)}. What's on your mind?`}
              labels={{ title: `Chat about the journal entry of ${date}` }}
              // The journal has no update-file flow: the coach reflects with the user (Ask), and
              // offers no "I'll help edit your files" it could not keep.
              showModes={false}
              initialMode="ask"
            />
          </section>
        </div>
      </div>
    </DialogProvider>
  );
}

export { JournalPage };
