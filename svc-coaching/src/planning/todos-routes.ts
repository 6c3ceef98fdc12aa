import { idFrom, invalid, notFound, pageFrom, sendCachedJson } from '@cc/service-kit';
import { PLANNING_MESSAGES as M } from '@cc/contracts';
import type { Db, ServiceRouter } from '@cc/service-kit';
import type { SearchIndex } from '../search-vectors';
import type { PlanningListsCache } from './lists-cache';
import { trashTodo } from './trash';
import { insertSourcedTodo, listTodos, todoListKey, toggleTodo, updateTodo } from './todos';

/** GET/POST /planning/todos (a POST with a known source_key answers that todo, 200, duplicate: true), PATCH/DELETE /planning/todos/{id}, PATCH .../toggle_completed. */
export function todoRoutes(router: ServiceRouter, db: Db, index: SearchIndex, lists: PlanningListsCache): void {
  router.get('/planning/todos', {}, async (ctx, { user, query }) => {
    const page = pageFrom(query, todoListKey);
    // A page is read as it is now; the whole list (the planning page's read) may come from memory.
    if (page) return { success: true, ...(await listTodos(db, user.id, page)) };
    const list = await lists.get(user.id, 'todos', async () => JSON.stringify({ success: true, ...(await listTodos(db, user.id)) }));
    return sendCachedJson(ctx, list);
  });

  router.post('/planning/todos', {}, async (ctx, { user, body }) => {
    const made = await insertSourcedTodo(db, user.id, body.todo);
    if (made === 'no_milestone') throw invalid(M.linkedMilestoneNotFound);
    // The same source sent again: the first todo, not a second one (200, not 201).
    if (made.duplicate) return { success: true, errors: [], todo: made.todo, duplicate: true as const };
    index.changed();
    ctx.status = 201;
    return { success: true, errors: [], todo: made.todo };
  });

  router.patch('/planning/todos/{id}', {}, async (_ctx, { user, params, body }) => {
    const todo = await updateTodo(db, user.id, idFrom(params.id, M.todoNotFound), body.todo);
    if (todo === 'not_found') throw notFound(M.todoNotFound);
    if (todo === 'no_milestone') throw invalid(M.linkedMilestoneNotFound);
    index.changed();
    return { success: true, errors: [], todo };
  });

  router.delete('/planning/todos/{id}', {}, async (_ctx, { user, params }) => {
    const id = idFrom(params.id, M.todoNotFound);
    // To the trash (docs/trash.md); the answer stays the documented one.
    if (!(await trashTodo(db, user.id, id))) throw notFound(M.todoNotFound);
    await index.deleted(user.id, 'todo', id);
    return { success: true, errors: [] };
  });

  router.patch('/planning/todos/{id}/toggle_completed', {}, async (_ctx, { user, params }) => {
    const todo = await toggleTodo(db, user.id, idFrom(params.id, M.todoNotFound));
    if (todo === 'not_found') throw notFound(M.todoNotFound);
    return { success: true, errors: [], todo };
  });
}
