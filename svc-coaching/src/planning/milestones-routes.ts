import { idFrom, notFound, sendCachedJson } from '@cc/service-kit';
import { PLANNING_MESSAGES as M } from '@cc/contracts';
import type { Db, ServiceRouter } from '@cc/service-kit';
import type { SearchIndex } from '../search-vectors';
import type { PlanningListsCache } from './lists-cache';
import { trashMilestone } from './trash';
import { insertMilestone, listMilestones, toggleMilestone, updateMilestone } from './milestones';

/** GET/POST /planning/milestones, PATCH/DELETE /planning/milestones/{id}, PATCH .../toggle_completed. */
export function milestoneRoutes(router: ServiceRouter, db: Db, index: SearchIndex, lists: PlanningListsCache): void {
  router.get('/planning/milestones', {}, async (ctx, { user }) =>
    sendCachedJson(
      ctx,
      await lists.get(user.id, 'milestones', async () => JSON.stringify({ success: true, milestones: await listMilestones(db, user.id) })),
    ),
  );

  router.post('/planning/milestones', {}, async (ctx, { user, body }) => {
    const milestone = await insertMilestone(db, user.id, body.milestone);
    index.changed();
    ctx.status = 201;
    return { success: true, errors: [], milestone };
  });

  router.patch('/planning/milestones/{id}', {}, async (_ctx, { user, params, body }) => {
    const milestone = await updateMilestone(db, user.id, idFrom(params.id, M.milestoneNotFound), body.milestone);
    if (milestone === 'not_found') throw notFound(M.milestoneNotFound);
    index.changed();
    return { success: true, errors: [], milestone };
  });

  router.delete('/planning/milestones/{id}', {}, async (_ctx, { user, params }) => {
    const id = idFrom(params.id, M.milestoneNotFound);
    // To the trash (docs/trash.md); the answer stays the documented one.
    const result = await trashMilestone(db, user.id, id);
    if (result === 'not_found') throw notFound(M.milestoneNotFound);
    await index.deleted(user.id, 'milestone', id);
    return { success: true, errors: [], unlinked_todos: result.unlinked };
  });

  router.patch('/planning/milestones/{id}/toggle_completed', {}, async (_ctx, { user, params }) => {
    const milestone = await toggleMilestone(db, user.id, idFrom(params.id, M.milestoneNotFound));
    if (milestone === 'not_found') throw notFound(M.milestoneNotFound);
    return { success: true, errors: [], milestone };
  });
}
