import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api, type CallInput } from '@cc/client';
import { invalidateRoutes, routeKey, routeQuery } from '@cc/client/query';
import type { Meeting, MeetingSummary } from '@cc/contracts/people';
import type { MeetingSection } from '@cc/contracts/people-rules';
import type { FieldSave } from '../../shared/stale';

export type { Meeting, MeetingSummary };

/** The fields a meeting write may carry (only the changed ones on an update). */
export type MeetingChanges = Partial<Pick<Meeting, 'title' | 'meeting_date' | 'location' | MeetingSection>>;

/** Meetings a list shows at first, and each "Show more" adds. */
export const MEETINGS_PAGE = 50;

/**
 * `GET /people/{id}/meetings?limit=&cursor=`: a person's meetings, newest first (undated
 * last), a page at a time (docs/api.md#paged-lists). One query for the list, the last meeting
 * before a new one and the brief beside it: they share its pages.
 */
export const personMeetingsPages = (personId: number) => {
  const input = { params: { id: personId }, query: { limit: MEETINGS_PAGE } };
  return infiniteQueryOptions({
    // Its route key first, so invalidating the call's reads reaches it; 'pages': not a plain read's key.
    queryKey: [...routeKey('GET /people/{id}/meetings', input), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      api.call(
        'GET /people/{id}/meetings',
        { ...input, query: { ...input.query, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor ?? null,
  });
};

/** `GET /meetings/{id}` */
export const meetingQuery = (id: number) => routeQuery('GET /meetings/{id}', { params: { id } });

/**
 * A meeting write landed (also one still on its way after the modal closed): the cache takes
 * the meeting as stored, and every person's meeting list is out of date (its title, date or
 * attendees may have changed, and an attendee's list gains or loses it).
 */
function meetingWritten(queryClient: QueryClient, meeting: Meeting): Meeting {
  queryClient.setQueryData(meetingQuery(meeting.id).queryKey, (answer) => ({ success: true as const, ...answer, meeting }));
  void invalidateRoutes(queryClient, 'GET /people/{id}/meetings');
  return meeting;
}

/** `POST /meetings` with meeting{…} and attendee_ids → the new meeting (its id). */
export async function createMeeting(queryClient: QueryClient, meeting: MeetingChanges, attendeeIds: number[], keepalive = false) {
  const answer = await api.call('POST /meetings', { body: { meeting, attendee_ids: attendeeIds } }, { keepalive });
  return meetingWritten(queryClient, answer.meeting);
}

/**
 * `PATCH /meetings/{id}`: only the fields sent change; attendee_ids, when sent, replaces the list.
 * A field's save carries the revision it is based on (a stale one: 409 with the field's text now).
 */
export async function updateMeeting(
  queryClient: QueryClient,
  id: number,
  meeting: MeetingChanges,
  attendeeIds?: number[],
  save?: FieldSave,
): Promise<Meeting> {
  const body = {
    meeting,
    ...(attendeeIds ? { attendee_ids: attendeeIds } : {}),
    ...(save?.revision !== undefined ? { revision: save.revision } : {}),
    ...(save ? { save_id: save.saveId } : {}),
  };
  const answer = await api.call('PATCH /meetings/{id}', { params: { id }, body }, { keepalive: save?.keepalive ?? false });
  return meetingWritten(queryClient, answer.meeting);
}

/** `DELETE /meetings/{id}`: gone from every list it was in. */
export async function deleteMeeting(queryClient: QueryClient, id: number): Promise<void> {
  await api.call('DELETE /meetings/{id}', { params: { id } });
  queryClient.removeQueries({ queryKey: meetingQuery(id).queryKey, exact: true });
  void invalidateRoutes(queryClient, 'GET /people/{id}/meetings');
}

export type GenerateSectionRequest = CallInput<'POST /meetings/generate_section'>['body'];

/** `POST /meetings/generate_section` → a proposal for one section. */
export async function generateSection(request: GenerateSectionRequest): Promise<string> {
  return (await api.call('POST /meetings/generate_section', { body: request })).proposal;
}
