import { lazy, Suspense, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import type { PersonView as PersonViewKey } from '@cc/contracts/addresses';
import type { MeetingSection } from '@cc/contracts/people-rules';
import type { PersonSummary } from '../people/api/people';
import { personQuery, type Person } from './api/person';
import { MeetingsTab } from '../meetings/MeetingsTab';
import { ResearchPanel } from '../research/ResearchPanel';
import { ProfileSections } from './ProfileSections';
import '../shared/tabs.css';
import './person.css';

/** The person chat (ChatPanel, markdown): its own chunk, loaded beside the profile. */
const importChat = () => import(/* webpackChunkName: "person-chat" */ '../chat/PersonChat');

/**
 * The sub-tabs. Their ids are the original page's (docs/people.md#address: "tab-6 is meetings"); the ones in
 * between are not used here, so the numbers skip.
 */
const TABS = [
  { id: 'tab-1', key: 'profile', label: 'Profile' },
  { id: 'tab-2', key: 'research', label: 'Research' },
  { id: 'tab-6', key: 'meetings', label: 'Meetings' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export interface PersonViewProps {
  personId: number;
  people: readonly PersonSummary[];
  /** The meeting the address names (?meeting=), if any. */
  meetingId: number | null;
  /** The view the address names (?view=); the profile when none. */
  view: PersonViewKey | null;
  /** The profile section the address names (?section=): opened and scrolled to. */
  section: string | null;
  /** With a meeting, the section the address names: the meeting opens on its tab. */
  meetingSection?: MeetingSection | null;
  /** A tab was chosen: the address follows (so a reload, a new tab and Back show it). */
  onViewChange(view: PersonViewKey): void;
  /** A profile section was opened by hand (its key), or the one the address names was closed (null). */
  onSectionOpened?(section: string | null): void;
  onMeetingOpened(id: number | null): void;
}

/** The selected person's content area (a lazy chunk): profile, research and meetings tabs, and the chat. */
export default function PersonView({
  personId,
  people,
  meetingId,
  view,
  section,
  meetingSection = null,
  onViewChange,
  onSectionOpened,
  onMeetingOpened,
}: PersonViewProps) {
  const query = useQuery(personQuery(personId));
  // Once read, the person stays on screen (a later refetch that fails changes nothing here).
  const person = query.data ? (query.data.person as Person) : null;
  // The address is the state: the tab is the one it names (a meeting is on the meetings tab).
  const tab: TabKey = meetingId !== null ? 'meetings' : (view ?? 'profile');
  const setTab = onViewChange;
  const tabRefs = useRef<Partial<Record<TabKey, HTMLButtonElement | null>>>({});
  const PersonChat = useMemo(() => lazy(importChat), []);

  const listed = people.find((p) => p.id === personId);
  const name = listed?.full_name ?? person?.full_name ?? '';

  const onTabKey = (event: React.KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!.key;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="person-content" data-testid="person-content" data-person-id={personId}>
      <div className="person-main">
        <h2 className="person-name">{name}</h2>
        <div role="tablist" aria-label={`About ${name}`} className="tabs tab-strip person-tabs">
          {TABS.map((t, index) => (
            <button
              key={t.id}
              ref={(node) => {
                tabRefs.current[t.key] = node;
              }}
              type="button"
              role="tab"
              id={`person-${t.id}`}
              data-tab={t.id}
              aria-selected={tab === t.key}
              aria-controls={`person-${t.id}-panel`}
              tabIndex={tab === t.key ? 0 : -1}
              onClick={() => setTab(t.key)}
              onKeyDown={(e) => onTabKey(e, index)}
            >
              {t.label}
            </button>
          ))}
        </div>
        {TABS.map((t) => (
          <div
            key={t.id}
            role="tabpanel"
            id={`person-${t.id}-panel`}
            aria-labelledby={`person-${t.id}`}
            hidden={tab !== t.key}
            className="person-panel"
          >
            {tab === t.key && t.key === 'profile' && !person && !query.isError && <p role="status">Loading the profile…</p>}
            {tab === t.key && t.key === 'profile' && !person && query.isError && (
              <p role="alert" className="error-text">
                Error loading data: {errorMessage(query.error)}{' '}
                <button type="button" className="button" onClick={() => void query.refetch()}>
                  Retry
                </button>
              </p>
            )}
            {t.key === 'profile' && person && <ProfileSections person={person} section={section} onSectionOpened={onSectionOpened} />}
            {t.key === 'research' && tab === 'research' && <ResearchPanel personId={personId} name={name} />}
            {t.key === 'meetings' && tab === 'meetings' && (
              <MeetingsTab
                personId={personId}
                people={people}
                requestedMeetingId={meetingId}
                requestedSection={meetingSection}
                onMeetingOpened={onMeetingOpened}
              />
            )}
          </div>
        ))}
      </div>
      <aside className="person-chat-column" aria-label={`Chat about ${name}`}>
        <h3 className="chat-column-title">Think it through</h3>
        <Suspense fallback={<p role="status">Loading the chat…</p>}>
          <PersonChat key={personId} personId={personId} name={name} />
        </Suspense>
      </aside>
    </div>
  );
}
