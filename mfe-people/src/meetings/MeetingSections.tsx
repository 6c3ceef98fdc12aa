import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { isApiError } from '@cc/client';
import { AUTOSAVE_DELAYS_MS } from '@cc/ui';
import {
  MEETING_SECTION_TITLES,
  MEETING_SECTIONS,
  PEOPLE_LIMITS,
  PEOPLE_MESSAGES as M,
  type MeetingSection,
} from '@cc/contracts/people-rules';
import { generateSection, type Meeting } from './api/meetings';
import { AutosavedField, type AutosavedFieldHandle } from '../shared/AutosavedField';
import type { MeetingRecord } from './useMeetingRecord';

export type SectionHandles = RefObject<Partial<Record<MeetingSection, AutosavedFieldHandle | null>>>;

interface MeetingSectionsProps {
  /** One autosave per field and modal (the meeting may not exist yet). */
  session: string;
  initial: Meeting | null;
  record: MeetingRecord;
  handles: SectionHandles;
  /** The tab shown first (the address's section); the first section when none. */
  initialSection?: MeetingSection | null;
  /** What a proposal is based on: title, date and attendees as they are now. */
  context(): { title: string; date: string; attendeeIds: number[] };
  /** More actions under one section's text (the follow-ups' Send to planning). */
  extra?: Partial<Record<MeetingSection, ReactNode>>;
}

/**
 * The six sections as tabs over their text areas (all mounted, so each keeps autosaving), with
 * AI suggestions per section (docs/people.md#meetings): 'Generating suggestions…' is appended and the area
 * disabled, then the proposal replaces the text and is saved; on failure the text comes back
 * and 'Error generating suggestions' shows.
 */
export function MeetingSections({ session, initial, record, handles, initialSection, context, extra }: MeetingSectionsProps) {
  const [active, setActive] = useState<MeetingSection>(initialSection ?? 'goals');
  const [generating, setGenerating] = useState<MeetingSection | null>(null);
  const [errors, setErrors] = useState<Partial<Record<MeetingSection, string>>>({});
  const tabRefs = useRef<Partial<Record<MeetingSection, HTMLButtonElement | null>>>({});

  const generate = async (section: MeetingSection) => {
    const field = handles.current[section];
    if (!field || generating) return;
    // What was typed is saved first, so the progress line is never what gets saved.
    await field.flush();
    const before = field.text();
    setErrors((e) => ({ ...e, [section]: undefined }));
    setGenerating(section);
    field.put(before.trim() ? `${before}\n\n${M.generatingSuggestions}` : M.generatingSuggestions, false);
    const content = Object.fromEntries(
      MEETING_SECTIONS.map((s) => [s, s === section ? before : (handles.current[s]?.text() ?? '')]),
    ) as Record<MeetingSection, string>;
    const { title, date, attendeeIds } = context();
    try {
      const proposal = await generateSection({ section, attendee_ids: attendeeIds, title, meeting_date: date, content });
      if (!proposal.trim()) throw new Error('empty proposal');
      field.put(proposal, true);
    } catch (error) {
      if (!(isApiError(error) && error.status === 499)) console.warn('[meetings] generating a section failed', error);
      field.put(before, false);
      setErrors((e) => ({ ...e, [section]: M.errorGeneratingSuggestions }));
    } finally {
      setGenerating(null);
    }
  };

  const onTabKey = (event: React.KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = MEETING_SECTIONS[(index + step + MEETING_SECTIONS.length) % MEETING_SECTIONS.length]!;
    setActive(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="meeting-sections">
      <div role="tablist" aria-label="Meeting sections" className="tabs tab-strip section-tabs">
        {MEETING_SECTIONS.map((section, index) => (
          <button
            key={section}
            ref={(node) => {
              tabRefs.current[section] = node;
            }}
            type="button"
            role="tab"
            id={`${session}-tab-${section}`}
            aria-selected={active === section}
            aria-controls={`${session}-panel-${section}`}
            tabIndex={active === section ? 0 : -1}
            onClick={() => setActive(section)}
            onKeyDown={(e) => onTabKey(e, index)}
            data-testid={`meeting-tab-${section}`}
          >
            {MEETING_SECTION_TITLES[section]}
          </button>
        ))}
      </div>
      {MEETING_SECTIONS.map((section) => (
        <div
          key={section}
          role="tabpanel"
          id={`${session}-panel-${section}`}
          aria-labelledby={`${session}-tab-${section}`}
          hidden={active !== section}
          className="section-panel"
        >
          <AutosavedField
            ref={(handle) => {
              handles.current[section] = handle;
            }}
            autosaveKey={`meeting:${session}:${section}`}
            storageKey={initial ? `cc:draft:meeting:${initial.id}:${section}` : null}
            delayMs={AUTOSAVE_DELAYS_MS.meetingField}
            label={MEETING_SECTION_TITLES[section]}
            initial={initial?.[section] ?? ''}
            multiline
            rows={12}
            maxLength={PEOPLE_LIMITS.meetingSection}
            disabled={generating === section}
            testId={`meeting-section-${section}`}
            initialRevision={initial ? (initial.revisions[section] ?? 0) : undefined}
            conflictSubject="meeting"
            save={(text, save) => record.saveField(section, text, save)}
          />
          <div className="section-actions">
            <button
              type="button"
              className="button"
              onClick={() => void generate(section)}
              disabled={generating !== null}
              data-testid={`meeting-generate-${section}`}
            >
              {generating === section ? M.generatingSuggestions : `Suggest ${MEETING_SECTION_TITLES[section].toLowerCase()} with AI`}
            </button>
            {errors[section] && (
              <span role="alert" className="error-text">
                {errors[section]}
              </span>
            )}
          </div>
          {extra?.[section]}
        </div>
      ))}
    </div>
  );
}
