import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatDay } from '@cc/contracts/dates';
import { meetingQuery, personMeetingsPages } from './api/meetings';
import { asList, openLines } from './carryForward';
import { lastMeetingBefore } from './sinceLastSpoke';

interface CarryForwardProps {
  personId: number;
  /** Now, as a meeting date: the last meeting is the last one held before it (not one planned for later). */
  before: string;
  /** Puts the open items into this meeting's agenda. */
  onTakeOver(list: string): void;
}

/**
 * A new meeting shows what the last one with this person left open (unfinished follow-ups and
 * agenda items), ready to take over into its agenda. Nothing shows when there is nothing open,
 * or when the last meeting cannot be read.
 */
export function CarryForward({ personId, before, onTakeOver }: CarryForwardProps) {
  const [taken, setTaken] = useState(false);
  // The meetings list's first page: the last one held before now is in it (unless a whole page
  // of meetings is planned for later).
  const meetings = useInfiniteQuery(personMeetingsPages(personId)).data?.pages.flatMap((page) => page.meetings);
  const newest = meetings ? lastMeetingBefore(meetings, before, null) : null;
  const meeting = useQuery({ ...meetingQuery(newest?.id ?? 0), enabled: newest != null }).data?.meeting;

  if (!meeting) return null;
  const followups = openLines(meeting.followups);
  const agenda = openLines(meeting.agenda);
  if (followups.length + agenda.length === 0) return null;
  return (
    <section className="carry-forward" aria-label="Open from the last meeting" data-testid="carry-forward">
      <h3>
        Open from “{meeting.title}”{meeting.meeting_date && ` (${formatDay(meeting.meeting_date)})`}
      </h3>
      {followups.length > 0 && (
        <>
          <h4>Follow-ups not done</h4>
          <ul>
            {followups.map((line, i) => (
              <li key={`f${i}`}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {agenda.length > 0 && (
        <>
          <h4>Agenda items</h4>
          <ul>
            {agenda.map((line, i) => (
              <li key={`a${i}`}>{line}</li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        className="button"
        disabled={taken}
        onClick={() => {
          setTaken(true);
          onTakeOver(asList([...followups, ...agenda]));
        }}
      >
        {taken ? 'Added to the agenda' : 'Add to this agenda'}
      </button>
    </section>
  );
}
