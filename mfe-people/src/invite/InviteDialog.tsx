import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText, isApiError } from '@cc/client';
import type { Meeting } from '@cc/contracts/people';
import { formatDayLong, formatTime } from '@cc/contracts/dates';
import { Modal } from '@cc/ui';
import { meetingWhenLong } from '../meetings/meetingDates';
import { createFromInvite, openInviteMeeting, readInvite, type InviteAttendee, type InviteEvent } from './api/invite';
import { inviteFileText, inviteTextProblem } from './inviteText';
import { browserTimeZone } from '@cc/ui/time-zone';
import './invite.css';

export interface InviteDialogProps {
  /** A file dropped on a list: read at once. */
  file: File | null;
  /** The person whose meetings these are: an attendee of the new meeting. */
  personId?: number;
  onClose(): void;
  /** The meeting made, or the one this invitation made before ("Open meeting"): the page opens it. */
  onOpen(meeting: Meeting): void;
}

/** When an event happens, as the user reads it: "Tuesday 10 March 2026, 15:00–16:00", or the day and "all day". */
export function inviteWhen(event: Pick<InviteEvent, 'start' | 'end' | 'all_day'>, start = event.start): string {
  if (!start) return 'No date given';
  if (event.all_day) return `${formatDayLong(start.slice(0, 10))}, all day`;
  const from = meetingWhenLong(start);
  if (!event.end || start !== event.start) return from;
  return event.end.slice(0, 10) === start.slice(0, 10) ? `${from}–${formatTime(event.end)}` : `${from} – ${meetingWhenLong(event.end)}`;
}

const FAILED = 'The invitation could not be read. Please try again.';

/** The meeting this event (or this occurrence of a repeating one) already made, or null. */
function madeBefore(event: InviteEvent | null, occurrence: string): number | null {
  if (!event) return null;
  if (!event.recurring) return event.existing_meeting_id;
  return event.imported_occurrences.find((o) => o.start === occurrence)?.meeting_id ?? null;
}

/** The event as it stands once `meetingId` was made from it (at `occurrence` for a repeating one). */
function withMeeting(event: InviteEvent, occurrence: string, meetingId: number): InviteEvent {
  if (!event.recurring) return { ...event, existing_meeting_id: meetingId };
  const others = event.imported_occurrences.filter((o) => o.start !== occurrence);
  return { ...event, imported_occurrences: [...others, { start: occurrence, meeting_id: meetingId }] };
}

/**
 * Add a meeting from a calendar invite (docs/people.md#meetings-from-an-invite): a file dropped
 * or chosen, or the text pasted, is read by the service; the preview shows each event with its
 * attendees (matched to a person, or a ticked "Create person"), asks which occurrence of a
 * repeating one, and "Create meeting" makes it. An invitation imported before shows "Already in
 * your meetings" and opens that meeting instead; a cancellation says there is nothing to add.
 */
export default function InviteDialog({ file, personId, onClose, onOpen }: InviteDialogProps) {
  const queryClient = useQueryClient();
  const ids = useId();
  /** The invitation read, and the zone its times were read in (the meeting is made in the same). */
  const [invite, setInvite] = useState({ text: '', zone: '', me: null as string | null });
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [events, setEvents] = useState<InviteEvent[] | null>(null);
  const [uid, setUid] = useState<string | null>(null);
  const [occurrence, setOccurrence] = useState('');
  /** Attendee keys NOT to create (every unknown one is ticked at first). */
  const [skipped, setSkipped] = useState<Set<string>>(new Set());
  const fileInput = useRef<HTMLInputElement>(null);

  const reading = useMutation({ mutationFn: (raw: string) => readInvite(queryClient, raw) });
  const creating = useMutation({
    mutationFn: (request: Parameters<typeof createFromInvite>[2]) => createFromInvite(queryClient, invite, request),
  });
  const opening = useMutation({ mutationFn: (meetingId: number) => openInviteMeeting(queryClient, meetingId) });

  const read = async (raw: string) => {
    setProblem(null);
    const local = inviteTextProblem(raw);
    if (local) return setProblem(local);
    try {
      const { events: found, zone, me } = await reading.mutateAsync(raw);
      setInvite({ text: raw, zone, me });
      setEvents(found);
      setUid(found[0]?.uid ?? null);
      setOccurrence(found[0]?.occurrences[0] ?? '');
      setSkipped(new Set());
    } catch (error) {
      setProblem(errorText(error, { fallback: FAILED }));
    }
  };
  const readFile = async (chosen: File) => {
    setProblem(null);
    const got = await inviteFileText(chosen);
    if ('problem' in got) setProblem(got.problem);
    else await read(got.text);
  };

  // A file dropped on a list opens the dialog with it.
  const dropped = useRef(false);
  useEffect(() => {
    if (file && !dropped.current) {
      dropped.current = true;
      void readFile(file);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, the file the dialog opened with
  }, [file]);

  const event = events?.find((e) => e.uid === uid) ?? null;
  const choose = (next: string) => {
    setUid(next);
    setOccurrence(events?.find((e) => e.uid === next)?.occurrences[0] ?? '');
  };
  const isMe = (a: InviteAttendee) => a.email !== null && a.email === invite.me;
  const toCreate = (event?.attendees ?? []).filter((a) => !a.person && !isMe(a) && !skipped.has(a.key)).map((a) => a.key);
  const noOccurrence = Boolean(event?.recurring && !occurrence);
  const existing = madeBefore(event, occurrence);

  const create = async () => {
    if (!event || noOccurrence || event.problem) return;
    setProblem(null);
    try {
      const answer = await creating.mutateAsync({
        uid: event.uid,
        create: toCreate,
        ...(event.recurring ? { occurrence } : {}),
        ...(personId !== undefined ? { person_id: personId } : {}),
      });
      onOpen(answer.meeting);
    } catch (error) {
      // Imported meanwhile (another tab, a double click): the answer names that meeting.
      const made = isApiError(error) && error.status === 409 ? (error.body as { meeting_id?: unknown }).meeting_id : undefined;
      if (typeof made === 'number')
        setEvents((list) => list && list.map((e) => (e.uid === event.uid ? withMeeting(e, occurrence, made) : e)));
      else setProblem(errorText(error, { fallback: 'The meeting could not be created. Please try again.' }));
    }
  };

  const open = async (meetingId: number) => {
    setProblem(null);
    try {
      onOpen(await opening.mutateAsync(meetingId));
    } catch (error) {
      setProblem(errorText(error, { fallback: 'The meeting could not be opened. Please try again.' }));
    }
  };

  const busy = reading.isPending || creating.isPending || opening.isPending;
  const alert = problem && (
    <p role="alert" className="error-text invite-problem" data-testid="invite-problem">
      {problem}
    </p>
  );

  if (!events) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Add a meeting from an invite"
        className="invite-dialog"
        footer={
          <>
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={busy || !pasted.trim()}
              onClick={() => void read(pasted)}
              data-testid="invite-read"
            >
              {reading.isPending ? 'Reading…' : 'Read invitation'}
            </button>
          </>
        }
      >
        <div
          className="invite-drop"
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
          }}
          onDrop={(e) => {
            e.preventDefault();
            const f = e.dataTransfer.files[0];
            if (f) void readFile(f);
          }}
        >
          <p>Drop a calendar invitation (.ics file) here.</p>
          <button type="button" className="button" onClick={() => fileInput.current?.click()} disabled={busy}>
            Choose a file
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".ics,text/calendar"
            className="cc-visually-hidden"
            tabIndex={-1}
            aria-label="Calendar invitation file"
            data-testid="invite-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void readFile(f);
            }}
          />
        </div>
        <label htmlFor={`${ids}-text`} className="invite-paste-label">
          Or paste the invitation’s text
        </label>
        <textarea
          id={`${ids}-text`}
          className="invite-paste"
          rows={6}
          value={pasted}
          placeholder="BEGIN:VCALENDAR…"
          onChange={(e) => setPasted(e.target.value)}
          data-testid="invite-text"
        />
        {reading.isPending && <p role="status">Reading the invitation…</p>}
        {alert}
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Add a meeting from an invite"
      className="invite-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={() => setEvents(null)} disabled={busy}>
            Choose another invitation
          </button>
          {existing !== null ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void open(existing)}
              data-testid="invite-open"
            >
              {opening.isPending ? 'Opening…' : 'Open meeting'}
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary"
              disabled={busy || !event || noOccurrence || Boolean(event?.problem)}
              onClick={() => void create()}
              data-testid="invite-create"
            >
              {creating.isPending ? 'Creating…' : 'Create meeting'}
            </button>
          )}
        </>
      }
    >
      {events.length > 1 && (
        <fieldset className="invite-events">
          <legend>This invitation has {events.length} events. Which one is the meeting?</legend>
          {events.map((e) => (
            <label key={e.uid} className="invite-event-choice">
              <input type="radio" name={`${ids}-event`} checked={e.uid === uid} onChange={() => choose(e.uid)} />
              <span>
                {e.title || 'Untitled event'} <span className="muted">· {inviteWhen(e)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {event && (
        <div className="invite-preview" data-testid="invite-preview">
          <h3 className="invite-title">{event.title || 'Untitled event'}</h3>
          <p className="invite-when" data-testid="invite-when">
            {inviteWhen(event, event.recurring && occurrence ? occurrence : event.start)}
          </p>
          {event.location && <p className="invite-location">{event.location}</p>}
          {invite.zone !== browserTimeZone() && (
            <p className="muted invite-zone">Times are in {invite.zone.replace(/_/g, ' ')}, your time zone in Settings.</p>
          )}
          {event.recurring && event.occurrences.length > 0 && (
            <p>
              <label htmlFor={`${ids}-occurrence`}>This event repeats. Which occurrence? </label>
              <select id={`${ids}-occurrence`} value={occurrence} onChange={(e) => setOccurrence(e.target.value)}>
                {event.occurrences.map((o) => (
                  <option key={o} value={o}>
                    {meetingWhenLong(o)}
                    {event.imported_occurrences.some((i) => i.start === o) ? ' (already in your meetings)' : ''}
                  </option>
                ))}
              </select>
            </p>
          )}
          {noOccurrence && <p className="muted">This event repeats, but none of its occurrences is still to come.</p>}
          {event.problem && (
            <p className="invite-note" data-testid="invite-cancelled">
              {event.problem}
            </p>
          )}
          {existing !== null && (
            <p className="invite-note" data-testid="invite-already">
              Already in your meetings
            </p>
          )}
          <h4 className="invite-subtitle">Attendees</h4>
          {event.attendees.length === 0 ? (
            <p className="muted">The invitation names no attendees.</p>
          ) : (
            <ul className="invite-attendees">
              {event.attendees.map((a) => (
                <li key={a.key} data-testid="invite-attendee">
                  <span className="invite-attendee-name">
                    {a.name}
                    {a.email && a.email !== a.name && <span className="muted"> ({a.email})</span>}
                  </span>
                  {a.person ? (
                    <span className="invite-matched">Matched to {a.person.name}</span>
                  ) : isMe(a) ? (
                    <span className="muted">You</span>
                  ) : (
                    <label className="invite-create-person">
                      <input
                        type="checkbox"
                        checked={!skipped.has(a.key)}
                        onChange={(e) =>
                          setSkipped((s) => {
                            const next = new Set(s);
                            if (e.target.checked) next.delete(a.key);
                            else next.add(a.key);
                            return next;
                          })
                        }
                      />{' '}
                      Create person
                    </label>
                  )}
                </li>
              ))}
            </ul>
          )}
          {event.description && (
            <>
              <h4 className="invite-subtitle">Notes</h4>
              <p className="invite-notes">{event.description}</p>
            </>
          )}
        </div>
      )}
      {alert}
    </Modal>
  );
}
