import { invalid, type Db, type ServiceRouter } from '@cc/service-kit';
import { PEOPLE_MESSAGES as M } from '@cc/contracts';
import { readInvite, type InviteEventRead } from './invite';
import { attendeeMatcher, meetingFromInvite, meetingsOfInviteKeys } from './invite-meeting';
import type { SearchIndex } from './search-vectors';

/** The events of the text, or its problem as a 422 (nothing is written either way). */
function eventsOf(text: string, zone: string): InviteEventRead[] {
  const read = readInvite(text, zone);
  if ('problem' in read) throw invalid(read.problem);
  return read.events;
}

/**
 * POST /meetings/read_invite (reads an .ics text: its events as the user will see them, each
 * attendee matched to their people) and POST /meetings/from_invite (one event becomes a
 * meeting, with the new people asked for). docs/people.md#meetings-from-an-invite.
 */
export function inviteRoutes(router: ServiceRouter, db: Db, index: SearchIndex): void {
  router.post('/meetings/read_invite', {}, async (_ctx, { user, body }) => {
    const events = eventsOf(body.text, body.time_zone);
    const match = events.some((e) => e.attendees.length) ? await attendeeMatcher(db, user.id) : () => [];
    const keys = events.flatMap((e) => [...(e.key !== null ? [e.key] : []), ...e.occurrenceKeys]);
    const made = await meetingsOfInviteKeys(db, user.id, keys);
    return {
      success: true,
      events: events.map(({ hasOccurrence: _h, occurrenceAt: _o, key, occurrenceKeys, cancelled, ...event }) => ({
        ...event,
        attendees: match(event.attendees),
        existing_meeting_id: (key !== null && made.get(key)) || null,
        imported_occurrences: event.occurrences.flatMap((start, i) => {
          const id = made.get(occurrenceKeys[i]!);
          return id === undefined ? [] : [{ start, meeting_id: id }];
        }),
        problem: cancelled ? M.inviteCancelled : null,
      })),
    };
  });

  router.post('/meetings/from_invite', {}, async (ctx, { user, body }) => {
    const events = eventsOf(body.text, body.time_zone);
    if (body.uid === undefined && events.length > 1) throw invalid(M.inviteChooseEvent);
    const event = body.uid === undefined ? events[0]! : events.find((e) => e.uid === body.uid);
    if (!event) throw invalid(M.inviteEventNotFound);
    if (event.cancelled) throw invalid(M.inviteCancelled);
    let start = event.start;
    let key = event.key;
    if (event.recurring) {
      if (body.occurrence === undefined) throw invalid(M.inviteOccurrenceRequired);
      const occurrence = event.occurrenceAt(body.occurrence);
      if (!occurrence) throw invalid(M.inviteOccurrenceInvalid);
      start = body.occurrence;
      key = occurrence.key;
    }
    const made = await meetingFromInvite(db, user.id, {
      event,
      start,
      key,
      create: body.create ?? [],
      ...(body.person_id !== undefined ? { personId: body.person_id } : {}),
    });
    index.changed();
    ctx.status = 201;
    return { success: true, errors: [], ...made };
  });
}
