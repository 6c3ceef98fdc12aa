import { useCallback, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { AUTOSAVE_DELAYS_MS, Modal } from '@cc/ui';
import { useDialogs } from '@cc/ui/dialogs';
import {
  defaultMeetingTitle,
  localClock,
  MEETING_PREP_QUESTIONS,
  MEETING_SECTIONS,
  PEOPLE_LIMITS,
  PEOPLE_MESSAGES as M,
  type MeetingSection,
} from '@cc/contracts/people-rules';
import { deleteMeeting, meetingQuery, type Meeting } from './api/meetings';
import type { PersonSummary } from '../people/api/people';
import MeetingChat from '../chat/MeetingChat';
import { AutosavedField, type AutosavedFieldHandle } from '../shared/AutosavedField';
import { CarryForward } from './CarryForward';
import { MeetingSections } from './MeetingSections';
import { SendToPlanning } from './SendToPlanning';
import { SinceLastSpokePanel } from './SinceLastSpokePanel';
import { meetingWhenLong } from './meetingDates';
import { meetingAsText, useMeetingRecord } from './useMeetingRecord';
import '../shared/tabs.css';
import './meetings.css';

export interface MeetingModalProps {
  /** The meeting to open, or null for a new one. */
  meetingId: number | null;
  /** The section tab to open on (the address names it); the first when none. */
  section?: MeetingSection | null;
  /** Everyone the user can invite. */
  people: readonly PersonSummary[];
  /** A new meeting's first attendee (the person whose page this is). */
  defaultAttendeeId: number;
  /** A new meeting was created by its first save: it has an address (and a chat) now. */
  onCreated?(id: number): void;
  onClose(): void;
}

/**
 * The meeting-preparation modal (a lazy chunk): loads the meeting, then the form. The form
 * starts from the meeting as it was when it opened: its fields autosave from there, and what
 * their saves put in the cache afterwards is not read back into them.
 */
export default function MeetingModal(props: MeetingModalProps) {
  const { meetingId } = props;
  const query = useQuery({ ...meetingQuery(meetingId ?? 0), enabled: meetingId !== null });
  const [opened, setOpened] = useState<Meeting | null>(null);
  if (meetingId !== null && !opened && query.data) setOpened(query.data.meeting);

  if (meetingId !== null && !opened) {
    return (
      <Modal open onClose={props.onClose} title="Meeting preparation" className="meeting-modal">
        <p role={query.isError ? 'alert' : 'status'}>{query.isError ? errorMessage(query.error) : 'Loading the meeting…'}</p>
      </Modal>
    );
  }
  return <MeetingForm {...props} initial={opened} />;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** What a datetime-local input holds for a wall-clock time. */
const dateTimeValue = (t: ReturnType<typeof localClock>) => `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;

function MeetingForm({ initial, section, people, defaultAttendeeId, onCreated, onClose }: MeetingModalProps & { initial: Meeting | null }) {
  const session = useId().replace(/[^a-zA-Z0-9]/g, '');
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [attendees, setAttendees] = useState<number[]>(() => initial?.attendee_ids ?? [defaultAttendeeId]);
  const [leftTab, setLeftTab] = useState<'participants' | 'questions'>('participants');
  // A new meeting is dated now (docs/people.md#meetings); its blank title will be sent as the default, shown as the hint.
  const [opened] = useState(() => localClock(new Date()));
  const title = useRef<AutosavedFieldHandle>(null);
  const date = useRef<AutosavedFieldHandle>(null);
  const sections = useRef<Partial<Record<(typeof MEETING_SECTIONS)[number], AutosavedFieldHandle | null>>>({});
  const attendeesRef = useRef(attendees);
  attendeesRef.current = attendees;

  const context = useCallback(
    () => ({ title: title.current?.text() ?? '', date: date.current?.text() ?? '', attendeeIds: attendeesRef.current }),
    [],
  );
  // Null until the meeting exists: no Delete (nothing to delete yet) and no chat of its own.
  const [meetingId, setMeetingId] = useState<number | null>(initial?.id ?? null);
  const record = useMeetingRecord({
    initial,
    current: context,
    onCreated: (created) => {
      setMeetingId(created.id);
      onCreated?.(created.id);
    },
  });

  const toggleAttendee = (id: number, on: boolean) => {
    const next = on ? [...attendeesRef.current, id] : attendeesRef.current.filter((a) => a !== id);
    attendeesRef.current = next;
    setAttendees(next);
    // Attendee and other meeting autosave failures are silent (docs/people.md#meetings).
    record.saveAttendees(next).catch((error: unknown) => console.warn('[meetings] saving the attendees failed', error));
  };

  const remove = async () => {
    if (!(await dialogs.confirm({ title: 'Delete meeting', message: M.confirmDeleteMeeting, confirmLabel: 'Delete', danger: true })))
      return;
    const id = record.id();
    try {
      if (id !== null) await deleteMeeting(queryClient, id);
    } catch (error) {
      await dialogs.alert({ title: 'Delete meeting', message: `Error: ${errorMessage(error)}` });
      return;
    }
    onClose();
  };

  const [initialFollowups] = useState(() => (initial ? { id: initial.id, followups: initial.followups } : null));

  const meetingText = useCallback(() => {
    const names = people.filter((p) => attendeesRef.current.includes(p.id)).map((p) => p.full_name);
    const texts = Object.fromEntries(MEETING_SECTIONS.map((s) => [s, sections.current[s]?.text() ?? ''])) as Record<
      (typeof MEETING_SECTIONS)[number],
      string
    >;
    return meetingAsText({ title: title.current?.text() ?? '', date: date.current?.text() ?? '', attendees: names, sections: texts });
  }, [people]);

  return (
    <Modal
      open
      onClose={onClose}
      // Once the meeting exists (its first save) it is no longer new: it has its address and its Delete.
      title={meetingId !== null ? 'Meeting preparation' : 'New meeting'}
      className="meeting-modal"
      closeOnBackdrop={false}
      footer={
        <>
          {meetingId !== null && (
            <button type="button" className="button button-danger" onClick={() => void remove()} data-testid="meeting-delete">
              Delete meeting
            </button>
          )}
          <button type="button" className="button button-primary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      <div className="meeting-layout" data-testid="meeting-modal">
        <aside className="meeting-left">
          <div role="tablist" aria-label="Preparation" className="tabs tab-strip left-tabs">
            {(['participants', 'questions'] as const).map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                id={`${session}-left-${tab}`}
                aria-selected={leftTab === tab}
                aria-controls={`${session}-left-panel-${tab}`}
                onClick={() => setLeftTab(tab)}
              >
                {tab === 'participants' ? 'Participants' : 'Questions'}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id={`${session}-left-panel-participants`}
            aria-labelledby={`${session}-left-participants`}
            hidden={leftTab !== 'participants'}
          >
            <fieldset className="attendees" data-testid="meeting-attendees">
              <legend>Attendees</legend>
              {people.map((p) => (
                <label key={p.id} className="attendee">
                  <input type="checkbox" checked={attendees.includes(p.id)} onChange={(e) => toggleAttendee(p.id, e.target.checked)} />{' '}
                  {p.full_name}
                </label>
              ))}
            </fieldset>
            <SinceLastSpokePanel
              personId={defaultAttendeeId}
              name={people.find((p) => p.id === defaultAttendeeId)?.full_name ?? ''}
              currentId={initial?.id ?? null}
              currentDate={initial?.meeting_date ?? dateTimeValue(opened)}
            />
          </div>
          <div
            role="tabpanel"
            id={`${session}-left-panel-questions`}
            aria-labelledby={`${session}-left-questions`}
            hidden={leftTab !== 'questions'}
          >
            <ol className="prep-questions" data-testid="meeting-questions">
              {MEETING_PREP_QUESTIONS.map((q) => (
                <li key={q}>{q}</li>
              ))}
            </ol>
          </div>
        </aside>
        <div className="meeting-main">
          <div className="meeting-head">
            <AutosavedField
              ref={title}
              autosaveKey={`meeting:${session}:title`}
              storageKey={initial ? `cc:draft:meeting:${initial.id}:title` : null}
              delayMs={AUTOSAVE_DELAYS_MS.meetingField}
              label="Title"
              initial={initial?.title ?? ''}
              placeholder={defaultMeetingTitle(opened)}
              maxLength={PEOPLE_LIMITS.meetingTitle}
              testId="meeting-title"
              initialRevision={initial ? (initial.revisions.title ?? 0) : undefined}
              conflictSubject="meeting"
              save={(text, save) => record.saveField('title', text, save)}
            />
            <AutosavedField
              ref={date}
              autosaveKey={`meeting:${session}:meeting_date`}
              storageKey={initial ? `cc:draft:meeting:${initial.id}:meeting_date` : null}
              delayMs={AUTOSAVE_DELAYS_MS.meetingField}
              label="Date"
              type="datetime-local"
              describe={meetingWhenLong}
              initial={initial ? (initial.meeting_date ?? '') : dateTimeValue(opened)}
              testId="meeting-date"
              initialRevision={initial ? (initial.revisions.meeting_date ?? 0) : undefined}
              conflictSubject="meeting"
              save={(text, save) => record.saveField('meeting_date', text, save)}
            />
          </div>
          {!initial && (
            <CarryForward
              personId={defaultAttendeeId}
              before={dateTimeValue(opened)}
              onTakeOver={(list) => {
                const agenda = sections.current.agenda;
                if (!agenda) return;
                const before = agenda.text().trimEnd();
                agenda.put(before ? `${before}\n${list}` : list, true);
              }}
            />
          )}
          <MeetingSections
            session={session}
            initial={initial}
            record={record}
            handles={sections}
            initialSection={section ?? null}
            context={context}
            extra={{
              followups: (
                <SendToPlanning
                  field={() => sections.current.followups}
                  meetingId={record.id}
                  origin={() => ({
                    personId: defaultAttendeeId,
                    title: title.current?.text().trim() || initial?.title || defaultMeetingTitle(opened),
                    attendees: people.filter((p) => attendeesRef.current.includes(p.id)).map((p) => p.full_name),
                  })}
                  initial={initialFollowups}
                />
              ),
            }}
          />
        </div>
        <div className="meeting-chat-column">
          <MeetingChat meetingId={meetingId} meetingText={meetingText} />
        </div>
      </div>
    </Modal>
  );
}
