import { api } from '@cc/client';
import type { Meeting, MeetingSummary } from '@cc/contracts/people';
import type { MeetingSection } from '@cc/contracts/people-rules';
import type { FieldSave } from '../shared/stale';

export type { Meeting, MeetingSummary };

/** The fields a meeting write may carry (only the changed ones on an update). */
export type MeetingChanges = Partial<Pick<Meeting, 'title' | 'meeting_date' | 'location' | MeetingSection>>;

interface MeetingWriteAnswer {
  success: true;
  errors: string[];
  meeting: Meeting;
}

/** `GET /people/{id}/meetings`: newest first. */
export async function fetchPersonMeetings(personId: number, signal?: AbortSignal): Promise<MeetingSummary[]> {
  return (await api.get<{ success: true; meetings: MeetingSummary[] }>(`/people/${personId}/meetings`, { signal })).meetings;
}

/** `GET /meetings/{id}` */
export async function fetchMeeting(id: number, signal?: AbortSignal): Promise<Meeting> {
  return (await api.get<{ success: true; meeting: Meeting }>(`/meetings/${id}`, { signal })).meeting;
}

/** `POST /meetings` with meeting{…} and attendee_ids → the new meeting (its id). */
export async function createMeeting(meeting: MeetingChanges, attendeeIds: number[], keepalive = false): Promise<Meeting> {
  return (await api.post<MeetingWriteAnswer>('/meetings', { meeting, attendee_ids: attendeeIds }, { keepalive })).meeting;
}

/**
 * `PATCH /meetings/{id}`: only the fields sent change; attendee_ids, when sent, replaces the list.
 * A field's save carries the revision it is based on (a stale one: 409 with the field's text now).
 */
export async function updateMeeting(id: number, meeting: MeetingChanges, attendeeIds?: number[], save?: FieldSave): Promise<Meeting> {
  const body = {
    meeting,
    ...(attendeeIds ? { attendee_ids: attendeeIds } : {}),
    ...(save?.revision !== undefined ? { revision: save.revision } : {}),
    ...(save ? { save_id: save.saveId } : {}),
  };
  return (await api.patch<MeetingWriteAnswer>(`/meetings/${id}`, body, { keepalive: save?.keepalive ?? false })).meeting;
}

/** `DELETE /meetings/{id}` */
export async function deleteMeeting(id: number): Promise<void> {
  await api.delete(`/meetings/${id}`);
}

export interface GenerateSectionRequest {
  section: MeetingSection;
  attendee_ids: number[];
  title: string;
  meeting_date: string;
  content: Record<MeetingSection, string>;
}

/** `POST /meetings/generate_section` → a proposal for one section. */
export async function generateSection(request: GenerateSectionRequest): Promise<string> {
  return (await api.post<{ success: true; proposal: string }>('/meetings/generate_section', request)).proposal;
}
