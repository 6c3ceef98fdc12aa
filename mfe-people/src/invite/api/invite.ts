import type { QueryClient } from '@tanstack/react-query';
import { api, type CallInput } from '@cc/client';
import { invalidateRoutes, routeQuery } from '@cc/client/query';
import type { FromInviteAnswer, InviteAttendee, InviteEvent, ReadInviteAnswer } from '@cc/contracts/invite';
import type { Meeting } from '@cc/contracts/people';
import { meetingQuery } from '../../meetings/api/meetings';
import { changePeople } from '../../people/api/people';
import { userTimeZone } from '@cc/ui/time-zone';

export type { FromInviteAnswer, InviteAttendee, InviteEvent, ReadInviteAnswer };
export type FromInviteRequest = Omit<CallInput<'POST /meetings/from_invite'>['body'], 'text' | 'time_zone'>;

/** Who is signed in (`GET /auth/session`, asked once): their address, or null when it cannot be told. */
async function myEmail(queryClient: QueryClient): Promise<string | null> {
  try {
    const query = { ...routeQuery('GET /auth/session', undefined, { redirectOnUnauthorized: false }), staleTime: Infinity };
    return (await queryClient.fetchQuery(query)).user.email.toLowerCase();
  } catch {
    return null;
  }
}

export interface InviteRead {
  events: InviteEvent[];
  /** The zone the times were read in: the meeting is made in the same one. */
  zone: string;
  /** The user's own address: they are among an invitation's attendees, never a person to create. */
  me: string | null;
}

/** `POST /meetings/read_invite`: the invitation's events as the user will read them, in the user's zone; writes nothing. */
export async function readInvite(queryClient: QueryClient, text: string): Promise<InviteRead> {
  const [zone, me] = await Promise.all([userTimeZone(queryClient), myEmail(queryClient)]);
  return { events: (await api.call('POST /meetings/read_invite', { body: { text, time_zone: zone } })).events, zone, me };
}

/** The meeting an invitation made before ("Open meeting"), read into the cache the page opens it from. */
export async function openInviteMeeting(queryClient: QueryClient, meetingId: number): Promise<Meeting> {
  return (await queryClient.fetchQuery(meetingQuery(meetingId))).meeting;
}

/**
 * `POST /meetings/from_invite`: the meeting and the new people are in the cache before the page
 * opens the meeting (its address names a person the list must already hold), then the lists
 * that gain them are read again.
 */
export async function createFromInvite(
  queryClient: QueryClient,
  invite: { text: string; zone: string },
  request: FromInviteRequest,
): Promise<FromInviteAnswer> {
  const answer = await api.call('POST /meetings/from_invite', { body: { text: invite.text, time_zone: invite.zone, ...request } });
  queryClient.setQueryData(meetingQuery(answer.meeting.id).queryKey, { success: true as const, meeting: answer.meeting });
  if (answer.created_people.length) changePeople(queryClient, (list) => [...list, ...answer.created_people]);
  void invalidateRoutes(queryClient, 'GET /people', 'GET /people/{id}/meetings');
  return answer;
}
