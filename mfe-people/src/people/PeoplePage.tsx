import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { DialogProvider, useDialogs } from '@cc/ui/dialogs';
import { RetryBoundary } from '@cc/ui/retry-boundary';
import { meetingAddress, personAddress, readPeopleAddress, type PersonView as PersonViewKey } from '@cc/contracts/addresses';
import type { Meeting } from '@cc/contracts/people';
import { MEETING_SECTIONS } from '@cc/contracts/people-rules';
import { useLocation, useNavigate, useSearchParams } from '@cc/ui/router';
import { useInviteImport } from '../invite/useInviteImport';
import type { PersonSummary } from './api/people';
import { PeopleList } from './PeopleList';
import { usePeople } from './usePeople';
// The shared .cc-visually-hidden (the page's heading) from the first paint.
import '@cc/ui/controls.css';
import './people.css';

/** Marks the history entry a meeting was opened into from this page, so closing it goes Back. */
const MEETING_OPENED_HERE = 'peopleMeetingOpenedHere';

/** The selected person's profile, research, meetings and chat (and @cc/ui with them): after the list. */
const importPersonView = () => import(/* webpackChunkName: "person-view" */ '../person/PersonView');

/**
 * The people page (docs/people.md, root people-root): the list on the left, the selected person on the
 * right. The address (@cc/contracts/addresses: personAddress, meetingAddress, researchAddress)
 * names the person (?person=), a profile section (&section=), a view (&view=research|meetings)
 * and a meeting to open (&meeting=), so a reload, a new tab, Back and every link land on them.
 */
export default function PeoplePage() {
  return (
    <DialogProvider>
      <PeopleScreen />
    </DialogProvider>
  );
}

function PeopleScreen() {
  const people = usePeople();
  const dialogs = useDialogs();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [viewAttempt, setViewAttempt] = useState(0);
  // A failed React.lazy stays failed: Retry makes a new one.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `viewAttempt` is the point: each Retry needs a new lazy()
  const PersonView = useMemo(() => lazy(importPersonView), [viewAttempt]);

  useEffect(() => {
    document.title = 'People';
  }, []);

  const address = readPeopleAddress(params.toString());
  const requested = address.person;
  const list = people.people;
  const selectedId = requested !== null && list.some((p) => p.id === requested) ? requested : (list[0]?.id ?? null);
  // What the address says of another person than the one shown is not theirs.
  const own = requested === null || requested === selectedId;
  const meetingId = own ? address.meeting : null;
  // With a meeting, the address's section is the meeting's (the tab a search result matched in).
  const meetingSection = meetingId !== null ? (MEETING_SECTIONS.find((s) => s === address.section) ?? null) : null;

  // Choosing a person is a step Back returns from, and so is opening a meeting (on a phone Back
  // is how a modal is closed); a tab within a person replaces the address. Done or × on a meeting
  // opened here goes back over its entry, so Back then leaves the meetings as they came; on a
  // meeting the page was opened on (a link, a reload) it replaces the entry instead.
  const location = useLocation();
  const openedHere = Boolean((location.state as Record<string, unknown> | null)?.[MEETING_OPENED_HERE]);
  const select = useCallback((id: number) => navigate(personAddress(id)), [navigate]);
  const viewChanged = useCallback(
    (view: PersonViewKey) => {
      if (selectedId !== null) navigate(personAddress(selectedId, { view }), { replace: true });
    },
    [selectedId, navigate],
  );
  // A profile section opened by hand is named in the address (a link to copy, a reload); closing
  // it leaves the person's address. Both replace: a section is a place within the profile.
  const sectionOpened = useCallback(
    (section: string | null) => {
      if (selectedId !== null) navigate(personAddress(selectedId, section ? { section } : {}), { replace: true });
    },
    [selectedId, navigate],
  );
  const meetingOpened = useCallback(
    (id: number | null) => {
      if (selectedId === null) return;
      if (id === null) {
        if (meetingId === null) return;
        if (openedHere) navigate(-1);
        else navigate(personAddress(selectedId, { view: 'meetings' }), { replace: true });
      } else if (id !== meetingId) {
        navigate(meetingAddress(selectedId, id), { state: { [MEETING_OPENED_HERE]: true } });
      }
    },
    [selectedId, meetingId, openedHere, navigate],
  );

  // A meeting made from an invite (or made from it before) opens under the person shown when they attend it, else under its first attendee.
  const inviteCreated = useCallback(
    (meeting: Meeting) => {
      const attendees = meeting.attendee_ids;
      const under = selectedId !== null && attendees.includes(selectedId) ? selectedId : (attendees[0] ?? selectedId);
      if (under === null) {
        void dialogs.alert({
          title: 'Add from invite',
          message: 'The meeting has no attendees. Add a person, then open it from the search to add them.',
        });
        return;
      }
      const section = meeting.notes ? { section: 'notes' } : {};
      navigate(meetingAddress(under, meeting.id, section), { state: { [MEETING_OPENED_HERE]: true } });
    },
    [selectedId, navigate, dialogs],
  );
  const invite = useInviteImport({ onOpen: inviteCreated });

  const create = async (name: string) => {
    const result = await people.create(name);
    if ('error' in result) {
      await dialogs.alert({ title: 'Add a person', message: `Error: ${result.error}` });
      return false;
    }
    select(result.id);
    return true;
  };

  const remove = async (person: PersonSummary) => {
    const sure = await dialogs.confirm({
      title: 'Delete person',
      message: `Delete ${person.full_name}? Their profile, research and chat go to the trash for 30 days; meetings with them stay.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    const error = await people.remove(person.id);
    if (error) await dialogs.alert({ title: 'Delete person', message: `Error: ${error}` });
  };

  return (
    <div id="people-root" data-testid="people-root" data-remote="people" className="page people">
      <h1 className="cc-visually-hidden">People</h1>
      <div className="people-layout">
        <nav className={`people-column${invite.dragging ? ' invite-dropping' : ''}`} aria-label="People" {...invite.dropProps}>
          <div className="people-column-head">
            <h2 className="people-column-title">People</h2>
            <button
              type="button"
              className="button people-invite"
              onClick={invite.open}
              onPointerEnter={invite.preload}
              data-testid="people-invite"
            >
              Add from invite
            </button>
          </div>
          {people.state.status === 'loading' && <p role="status">Loading people…</p>}
          {people.state.status === 'error' && (
            <p role="alert" className="error-text">
              Error loading data: {people.state.message}{' '}
              <button type="button" className="button" onClick={people.reload}>
                Retry
              </button>
            </p>
          )}
          {people.state.status === 'ok' && (
            <PeopleList
              people={list}
              selectedId={selectedId}
              onSelect={select}
              onCreate={create}
              onDelete={(p) => void remove(p)}
              onMove={people.move}
            />
          )}
        </nav>
        <section className="people-detail">
          {people.state.status === 'ok' && selectedId === null && (
            <div className="people-empty">
              <h2>The people you work with</h2>
              <p className="muted">
                Add someone on the left: keep what you know about them, research them, prepare your meetings with them, and think them
                through with the assistant.
              </p>
            </div>
          )}
          {selectedId !== null && (
            <RetryBoundary
              name="[people] the person view"
              onRetry={() => setViewAttempt((n) => n + 1)}
              fallback={(retry) => (
                <p role="alert" className="error-text">
                  This part of the page could not be loaded.{' '}
                  <button type="button" className="button" onClick={retry}>
                    Retry
                  </button>
                </p>
              )}
            >
              <Suspense fallback={<p role="status">Opening…</p>}>
                <PersonView
                  key={selectedId}
                  personId={selectedId}
                  people={list}
                  meetingId={meetingId}
                  view={own ? address.view : null}
                  section={own && meetingId === null ? address.section : null}
                  meetingSection={meetingSection}
                  onViewChange={viewChanged}
                  onSectionOpened={sectionOpened}
                  onMeetingOpened={meetingOpened}
                />
              </Suspense>
            </RetryBoundary>
          )}
        </section>
      </div>
      {invite.dialog}
    </div>
  );
}

export { PeoplePage };
