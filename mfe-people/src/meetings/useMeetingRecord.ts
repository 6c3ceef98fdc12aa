import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MEETING_SECTIONS, meetingTitleOr, type MeetingSection } from '@cc/contracts/people-rules';
import { createMeeting, updateMeeting, type Meeting, type MeetingChanges } from './api/meetings';
import type { FieldSave } from '../shared/stale';

export interface MeetingRecord {
  /** The meeting's id once it exists. */
  id(): number | null;
  /**
   * Saves one field (title, meeting_date, location or a section), based on its revision: the
   * first save creates the meeting. Resolves with the field's revision after the save.
   */
  saveField(field: keyof MeetingChanges, value: string, save: FieldSave): Promise<number | undefined>;
  /** Saves the attendees (creating the meeting if it does not exist yet). */
  saveAttendees(ids: number[]): Promise<void>;
}

interface Options {
  initial: Meeting | null;
  /** The title and date as typed now (a create carries them along). */
  current(): { title: string; date: string; attendeeIds: number[] };
  /** The meeting now exists (first autosave). */
  onCreated(meeting: Meeting): void;
}

/**
 * The meeting behind the preparation modal (docs/people.md#meetings): it does not exist until
 * the first autosave, which creates it; later autosaves update only the field they carry.
 * Saves that race the creation wait for it, so one meeting is created, never two. A blank
 * title is sent as 'New meeting - YYYY-MM-DD HH:MM' from the user's local time. Every write that
 * lands, even after the modal closed, refreshes the meeting lists (api/meetings.ts).
 */
export function useMeetingRecord({ initial, current, onCreated }: Options): MeetingRecord {
  const queryClient = useQueryClient();
  const idRef = useRef<number | null>(initial?.id ?? null);
  const creating = useRef<Promise<number> | null>(null);
  const latest = useRef({ current, onCreated });
  latest.current = { current, onCreated };

  /** The meeting's id, creating it with `changes` if it does not exist; the new meeting when it was created with them. */
  const ensure = useCallback(
    async (changes: MeetingChanges, attendeeIds: number[] | undefined, keepalive: boolean) => {
      if (idRef.current !== null) return idRef.current;
      if (creating.current) return creating.current;
      const now = latest.current.current();
      const meeting: MeetingChanges = { title: meetingTitleOr(now.title, new Date()), ...changes };
      if (meeting.title !== undefined) meeting.title = meetingTitleOr(meeting.title, new Date());
      if (now.date.trim() && meeting.meeting_date === undefined) meeting.meeting_date = now.date;
      const pending = createMeeting(queryClient, meeting, attendeeIds ?? now.attendeeIds, keepalive).then((created) => {
        idRef.current = created.id;
        latest.current.onCreated(created);
        return created;
      });
      creating.current = pending.then(() => idRef.current!);
      // A failed create is tried again by the next save.
      pending.catch(() => {
        creating.current = null;
      });
      return pending;
    },
    [queryClient],
  );

  const saveField = useCallback(
    async (field: keyof MeetingChanges, value: string, save: FieldSave) => {
      // An empty date input is ignored (docs/people.md#meetings).
      if (field === 'meeting_date' && !value.trim()) return save.revision;
      const sent = field === 'title' ? meetingTitleOr(value, new Date()) : value;
      const changes = { [field]: sent } as MeetingChanges;
      const target = await ensure(changes, undefined, save.keepalive);
      const saved = typeof target === 'number' ? await updateMeeting(queryClient, target, changes, undefined, save) : target;
      return saved.revisions[field] ?? 0;
    },
    [ensure, queryClient],
  );

  const saveAttendees = useCallback(
    async (ids: number[]) => {
      const target = await ensure({}, ids, false);
      if (typeof target === 'number') await updateMeeting(queryClient, target, {}, ids);
    },
    [ensure, queryClient],
  );

  return { id: useCallback(() => idRef.current, []), saveField, saveAttendees };
}

/** The meeting as text, for the meeting chat and nothing else. */
export function meetingAsText(parts: {
  title: string;
  date: string;
  attendees: string[];
  sections: Record<MeetingSection, string>;
}): string {
  const lines = [`# ${parts.title.trim() || 'New meeting'}`];
  if (parts.date) lines.push(`Date: ${parts.date.replace('T', ' ')}`);
  if (parts.attendees.length > 0) lines.push(`Attendees: ${parts.attendees.join(', ')}`);
  for (const section of MEETING_SECTIONS) {
    const text = parts.sections[section].trim();
    if (text) lines.push('', `## ${section}`, text);
  }
  return lines.join('\n');
}
