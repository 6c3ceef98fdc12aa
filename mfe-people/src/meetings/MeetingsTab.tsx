import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PEOPLE_MESSAGES as M } from '@cc/contracts/people-rules';
import { fetchPersonMeetings, type MeetingSummary } from '../api/meetings';
import type { PersonSummary } from '../api/people';

/** The preparation modal, its chat and its AI suggestions: loaded when a meeting opens. */
const importModal = () => import(/* webpackChunkName: "meeting-modal" */ './MeetingModal');

type ListState = { status: 'loading' } | { status: 'ok'; meetings: MeetingSummary[] } | { status: 'error' };
/** Which meeting the modal shows: an existing one, or a new one (null). */
type Open = { id: number | null } | null;

interface MeetingsTabProps {
  personId: number;
  people: readonly PersonSummary[];
  /** A meeting named by the address (a citation): opened once. */
  requestedMeetingId: number | null;
  onMeetingOpened(id: number | null): void;
}

/** A person's meetings, newest first, and the preparation modal (spec §2, §8). */
export function MeetingsTab({ personId, people, requestedMeetingId, onMeetingOpened }: MeetingsTabProps) {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [open, setOpen] = useState<Open>(requestedMeetingId !== null ? { id: requestedMeetingId } : null);
  const MeetingModal = useMemo(() => lazy(importModal), []);

  useEffect(() => {
    if (requestedMeetingId !== null) setOpen({ id: requestedMeetingId });
  }, [requestedMeetingId]);

  useEffect(() => {
    const abort = new AbortController();
    fetchPersonMeetings(personId, abort.signal).then(
      (meetings) => !abort.signal.aborted && setList({ status: 'ok', meetings }),
      () => !abort.signal.aborted && setList({ status: 'error' }),
    );
    return () => abort.abort();
  }, [personId, reloads]);

  // While the modal is open the list is behind it: a write marks it stale and Done reloads it.
  // A write that lands after Done (a slow save, or one sent as the fields unmount) reloads it
  // again, so the list ends on what is stored after the last save.
  const modalOpen = useRef(open !== null);
  modalOpen.current = open !== null;
  const stale = useRef(false);
  const reload = useCallback(() => {
    if (modalOpen.current) stale.current = true;
    else setReloads((n) => n + 1);
  }, []);
  const show = (id: number | null) => {
    setOpen({ id });
    onMeetingOpened(id);
  };
  const close = useCallback(() => {
    modalOpen.current = false;
    setOpen(null);
    onMeetingOpened(null);
    if (stale.current) {
      stale.current = false;
      setReloads((n) => n + 1);
    }
  }, [onMeetingOpened]);

  return (
    <section className="meetings-tab" aria-label="Meetings">
      <div className="meetings-bar">
        <button
          type="button"
          className="button button-primary"
          onClick={() => show(null)}
          onPointerEnter={() => void importModal()}
          data-testid="meeting-new"
        >
          New meeting
        </button>
      </div>
      {list.status === 'loading' && <p role="status">Loading meetings…</p>}
      {list.status === 'error' && (
        <p role="alert" className="error-text">
          {M.errorLoadingMeetings}
        </p>
      )}
      {list.status === 'ok' && list.meetings.length === 0 && <p className="muted">{M.noMeetings}</p>}
      {list.status === 'ok' && list.meetings.length > 0 && (
        <ul className="meeting-list" data-testid="meeting-list">
          {list.meetings.map((m) => (
            <li key={m.id}>
              <button type="button" className="meeting-row" onClick={() => show(m.id)} data-meeting-id={m.id} data-testid="meeting-row">
                <span className="meeting-row-title">{m.title}</span>
                <span className="meeting-row-meta">
                  {m.short_date}
                  {m.attendees.length > 0 && ` · ${m.attendees.map((a) => a.name).join(', ')}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Suspense fallback={<p role="status">Opening the meeting…</p>}>
          <MeetingModal
            key={open.id ?? 'new'}
            meetingId={open.id}
            people={people}
            defaultAttendeeId={personId}
            onChanged={reload}
            onClose={close}
          />
        </Suspense>
      )}
    </section>
  );
}
