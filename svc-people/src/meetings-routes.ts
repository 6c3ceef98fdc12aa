import { conflict, idFrom, invalid, notFound, pageFrom } from '@cc/service-kit';
import { PEOPLE_MESSAGES as M } from '@cc/contracts';
import type { Db, ModelCalls, ServiceRouter } from '@cc/service-kit';
import { getMeeting, insertMeeting, personMeetingsKey, updateMeeting, userMeetings } from './meetings';
import { personContext } from './person-context';
import { peopleByIds } from './people';
import type { SearchIndex } from './search-vectors';
import { trashMeeting } from './trash';

/**
 * GET and POST /meetings, GET/PATCH/DELETE /meetings/{id}, POST /meetings/generate_section. Writes tell
 * `index` (search by meaning: a run soon, a deleted meeting's vector gone).
 */
export function meetingRoutes(router: ServiceRouter, db: Db, ai: ModelCalls, index: SearchIndex): void {
  const meetingId = (raw: string) => idFrom(raw, M.meetingNotFound);

  // Every meeting of the caller, paged like a person's (the calendar feed reads it).
  router.get('/meetings', {}, async (_ctx, { user, query }) => ({
    success: true,
    ...(await userMeetings(db, user.id, pageFrom(query, personMeetingsKey))),
  }));

  router.post('/meetings', {}, async (ctx, { user, body }) => {
    const meeting = await insertMeeting(db, user.id, body.meeting, body.attendee_ids ?? []);
    if (meeting === 'bad_attendees') throw invalid(M.attendeesNotFound);
    index.changed();
    ctx.status = 201;
    return { success: true, errors: [], meeting };
  });

  // The literal path wins over /meetings/{id} (only GET/PATCH/DELETE take an id anyway).
  router.post('/meetings/generate_section', {}, async (ctx, { user, body }) => {
    const ids = body.attendee_ids ?? [];
    const people = await peopleByIds(db, user.id, ids);
    if (people.length !== ids.length) throw invalid(M.attendeesNotFound);
    const proposal = await ai.run(ctx, user.id, (signal) =>
      ai.provider.meetingSection({
        section: body.section,
        title: body.title ?? '',
        ...(body.meeting_date ? { meetingDate: body.meeting_date } : {}),
        attendees: people.map((p) => p.full_name),
        people: people.map(personContext),
        content: body.content,
        signal,
      }),
    );
    return { success: true, proposal };
  });

  router.get('/meetings/{id}', {}, async (_ctx, { user, params }) => {
    const meeting = await getMeeting(db, user.id, meetingId(params.id));
    if (meeting === 'not_found') throw notFound(M.meetingNotFound);
    return { success: true, meeting };
  });

  router.patch('/meetings/{id}', {}, async (_ctx, { user, params, body }) => {
    const guard = { basedOn: body.revision, saveId: body.save_id };
    const meeting = await updateMeeting(db, user.id, meetingId(params.id), body.meeting, body.attendee_ids, guard);
    if (meeting === 'not_found') throw notFound(M.meetingNotFound);
    if (meeting === 'bad_attendees') throw invalid(M.attendeesNotFound);
    // Changed elsewhere since `revision`: the same 409 as a file's texts.
    if ('stale' in meeting) throw conflict(M.staleMeetingField, meeting.stale);
    index.changed();
    return { success: true, errors: [], meeting };
  });

  router.delete('/meetings/{id}', {}, async (_ctx, { user, params }) => {
    const id = meetingId(params.id);
    // To the trash with its attendee links (docs/trash.md); the answer stays the documented one.
    if (!(await trashMeeting(db, user.id, id))) throw notFound(M.meetingNotFound);
    await index.meetingDeleted(user.id, id);
    return { success: true, errors: [] };
  });
}
