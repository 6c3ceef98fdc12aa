import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PEOPLE_MESSAGES as M, type MeetingSection } from '@cc/contracts/people-rules';
import type { PersonSummary } from '../people/api/people';
import { useInviteImport } from '../invite/useInviteImport';
import { personMeetingsPages } from './api/meetings';
import { meetingWhen } from './meetingDates';
import './meetingsTab.css';

/** The preparation modal, its chat and its AI suggestions: loaded when a meeting opens. */
const importModal = () => import(/* webpackChunkName: "meeting-modal" */ './MeetingModal');

/**
 * Which meeting the modal shows: `id` is the meeting (null while a new one does not exist yet),
 * `load` what the modal loaded when it opened (a new one keeps null once it is created, so it is
 * not loaded again), `key` the modal's identity (the same across the creation), `section` the
 * tab it opens on (the address's, for the meeting the address names; else the first).
 */
type Open = { id: number | null; load: number | null; key: string; section: MeetingSection | null } | null;
const existing = (id: number, section: MeetingSection | null = null): Open => ({ id, load: id, key: String(id), section });

interface MeetingsTabProps {
  personId: number;
  people: readonly PersonSummary[];
  /** A meeting named by the address (a citation): opened once. */
  requestedMeetingId: number | null;
  /** The section the address names with it (a search result's): the meeting opens on that tab. */
  requestedSection?: MeetingSection | null;
  onMeetingOpened(id: number | null): void;
}

/**
 * A person's meetings, newest first, and the preparation modal (docs/people.md#meetings). Every
 * meeting write that lands (also one still on its way after Done) invalidates the lists
 * (api/meetings.ts), so this one ends on what is stored after the last save.
 */
export function MeetingsTab({ personId, people, requestedMeetingId, requestedSection = null, onMeetingOpened }: MeetingsTabProps) {
  const list = useInfiniteQuery(personMeetingsPages(personId));
  const meetings = useMemo(() => list.data?.pages.flatMap((page) => page.meetings), [list.data]);
  const [open, setOpen] = useState<Open>(requestedMeetingId !== null ? existing(requestedMeetingId, requestedSection) : null);
  const MeetingModal = useMemo(() => lazy(importModal), []);

  // The address leads: a meeting it names opens, and one it stops naming (Back) closes; a new
  // meeting not created yet has no address, so it stays open.
  useEffect(() => {
    if (requestedMeetingId !== null) setOpen((o) => (o?.id === requestedMeetingId ? o : existing(requestedMeetingId, requestedSection)));
    else setOpen((o) => (o?.id != null ? null : o));
  }, [requestedMeetingId, requestedSection]);

  const show = (id: number | null) => {
    setOpen(id === null ? { id: null, load: null, key: `new-${Date.now()}`, section: null } : existing(id));
    onMeetingOpened(id);
  };
  const created = useCallback(
    (id: number) => {
      // The new meeting now has its address; the modal stays as it is.
      setOpen((o) => (o && o.id === null ? { ...o, id } : o));
      onMeetingOpened(id);
    },
    [onMeetingOpened],
  );
  const close = useCallback(() => {
    setOpen(null);
    onMeetingOpened(null);
  }, [onMeetingOpened]);

  // A meeting made from an invite (this person attends it) opens as one chosen from the list, on its notes when the invite had some.
  const invite = useInviteImport({
    personId,
    onOpen: (meeting) => {
      setOpen(existing(meeting.id, meeting.notes ? 'notes' : null));
      onMeetingOpened(meeting.id);
    },
  });

  return (
    <section className={`meetings-tab${invite.dragging ? ' invite-dropping' : ''}`} aria-label="Meetings" {...invite.dropProps}>
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
        <button type="button" className="button" onClick={invite.open} onPointerEnter={invite.preload} data-testid="meeting-invite">
          Add from invite
        </button>
      </div>
      {!meetings && !list.isError && <p role="status">Loading meetings…</p>}
      {!meetings && list.isError && (
        <p role="alert" className="error-text">
          {M.errorLoadingMeetings}
        </p>
      )}
      {meetings?.length === 0 && <p className="muted">{M.noMeetings}</p>}
      {meetings && meetings.length > 0 && (
        <ul className="meeting-list" data-testid="meeting-list">
          {meetings.map((m) => (
            <li key={m.id}>
              <button type="button" className="meeting-row" onClick={() => show(m.id)} data-meeting-id={m.id} data-testid="meeting-row">
                <span className="meeting-row-title">{m.title}</span>
                <span className="meeting-row-meta">
                  {meetingWhen(m.meeting_date)}
                  {m.attendees.length > 0 && ` · ${m.attendees.map((a) => a.name).join(', ')}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="button meetings-more"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
          data-testid="meetings-more"
        >
          {list.isFetchingNextPage ? 'Loading meetings…' : 'Show more meetings'}
        </button>
      )}
      {open && (
        <Suspense fallback={<p role="status">Opening the meeting…</p>}>
          <MeetingModal
            key={open.key}
            meetingId={open.load}
            section={open.section}
            people={people}
            defaultAttendeeId={personId}
            onCreated={created}
            onClose={close}
          />
        </Suspense>
      )}
      {invite.dialog}
    </section>
  );
}
