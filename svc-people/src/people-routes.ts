import { conflict, idFrom, notFound, pageFrom } from '@cc/service-kit';
import { PEOPLE_MESSAGES as M } from '@cc/contracts';
import type { Db, ServiceRouter } from '@cc/service-kit';
import { personMeetings, personMeetingsKey } from './meetings';
import { getPerson, insertPerson, listPeople, peopleListKey, reorderPeople, updatePerson } from './people';
import type { SearchIndex } from './search-vectors';
import { trashPerson } from './trash';

/**
 * GET/POST /people, PATCH /people/reorder, GET/PATCH/DELETE /people/{id}, GET /people/{id}/meetings.
 * Writes tell `index` (search by meaning: a run soon, a deleted person's vectors gone).
 */
export function peopleRoutes(router: ServiceRouter, db: Db, index: SearchIndex): void {
  const personId = (raw: string) => idFrom(raw, M.personNotFound);

  router.get('/people', {}, async (_ctx, { user, query }) => {
    const page = pageFrom(query, peopleListKey);
    const { people, next_cursor } = await listPeople(db, user.id, page);
    // The documented answer is a bare array; a page needs room for its cursor (docs/api.md#paged-lists).
    return page ? { success: true, people, next_cursor: next_cursor ?? null } : people;
  });

  router.post('/people', {}, async (ctx, { user, body }) => {
    const person = await insertPerson(db, user.id, body.person.full_name);
    index.changed();
    ctx.status = 201;
    return { success: true, errors: [], person };
  });

  // The literal path wins over /people/{id}; ids are numbers, so no person is called "reorder".
  router.patch('/people/reorder', {}, async (_ctx, { user, body }) => ({
    success: true,
    ignored: await reorderPeople(db, user.id, body.order),
  }));

  router.get('/people/{id}', {}, async (_ctx, { user, params }) => {
    const person = await getPerson(db, user.id, personId(params.id));
    if (person === 'not_found') throw notFound(M.personNotFound);
    return { success: true, person };
  });

  router.patch('/people/{id}', {}, async (_ctx, { user, params, body }) => {
    const id = personId(params.id);
    const person = await updatePerson(db, user.id, id, body, { basedOn: body.revision, saveId: body.save_id });
    if (person === 'not_found') throw notFound(M.personNotFound);
    // Changed elsewhere since `revision`: the same 409 as a file's texts.
    if ('stale' in person) throw conflict(M.stalePersonField, person.stale);
    index.changed();
    return { success: true, errors: [], person };
  });

  router.delete('/people/{id}', {}, async (_ctx, { user, params }) => {
    const id = personId(params.id);
    // To the trash with their research and meeting links (docs/trash.md); the answer stays the documented one.
    if (!(await trashPerson(db, user.id, id))) throw notFound(M.personNotFound);
    await index.personDeleted(user.id, id);
    return { success: true, errors: [] };
  });

  router.get('/people/{id}/meetings', {}, async (_ctx, { user, params, query }) => {
    const id = personId(params.id);
    if ((await getPerson(db, user.id, id)) === 'not_found') throw notFound(M.personNotFound);
    return { success: true, ...(await personMeetings(db, user.id, id, false, pageFrom(query, personMeetingsKey))) };
  });
}
