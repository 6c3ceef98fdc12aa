import type { QueryClient } from '@tanstack/react-query';
import { api, type CallInput } from '@cc/client';
import { invalidateRoutes } from '@cc/client/query';
import type { FromInviteAnswer, InviteEvent, ReadInviteAnswer } from '@cc/contracts/invite';
import { meetingQuery } from '../../meetings/api/meetings';
import { changePeople } from '../../people/api/people';
import { userTimeZone } from '../userTimeZone';

export type { FromInviteAnswer, InviteEvent, ReadInviteAnswer };
export type FromInviteRequest = Omit<CallInput<'POST /meetings/from_invite'>['body'], 'text' | 'time_zone'>;

/**
 * `POST /meetings/read_invite`: the invitation's events as the user will read them, in the
 * user's zone (answered too, so the meeting is made in the zone the preview showed); writes nothing.
 */
export async function readInvite(queryClient: QueryClient, text: string): Promise<{ events: InviteEvent[]; zone: string }> {
  const zone = await userTimeZone(queryClient);
  return { events: (await api.call('POST /meetings/read_invite', { body: { text, time_zone: zone } })).events, zone };
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
