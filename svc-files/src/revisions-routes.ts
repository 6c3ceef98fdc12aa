import { FILES_MESSAGES, HISTORY_MESSAGES as M } from '@cc/contracts';
import { notFound, pageFrom, type Db, type ServiceRouter } from '@cc/service-kit';
import { fileIdFrom } from './http';
import { readEntry } from './journal';
import { listRevisions, readRevision, restoreRevision, revisionKey, type HistoryMiss, type HistoryTarget } from './revisions';
import type { SearchIndex } from './search-vectors';

/**
 * History of a file's content and of a journal day (docs/dashboard.md#history): the points
 * newest first, one point's text, and restore. Another user's file, or a day without an entry,
 * answers 404 on every call.
 */
export function revisionRoutes(router: ServiceRouter, db: Db, index: SearchIndex): void {
  const miss = (target: HistoryTarget, why: HistoryMiss) =>
    notFound(why === 'no_revision' ? M.revisionNotFound : 'fileId' in target ? FILES_MESSAGES.fileNotFound : M.entryNotFound);

  const list = async (userId: number, target: HistoryTarget, query: { limit?: number | undefined; cursor?: string | undefined }) => {
    const result = await listRevisions(db, userId, target, pageFrom(query, revisionKey));
    if (result === 'not_found') throw miss(target, 'no_object');
    const { items, next_cursor } = result;
    return { success: true as const, revisions: items, ...(next_cursor !== undefined ? { next_cursor } : {}) };
  };

  const read = async (userId: number, target: HistoryTarget, revision: number) => {
    const point = await readRevision(db, userId, target, revision);
    if (typeof point === 'string') throw miss(target, point);
    return { success: true as const, ...point };
  };

  const restore = async (userId: number, target: HistoryTarget, revision: number) => {
    const result = await restoreRevision(db, userId, target, revision);
    if (typeof result === 'string') throw miss(target, result);
    // Search reads the restored text at its next run, as after a save.
    index.changed();
    return result;
  };

  // Reads are never cached: an open History shows what the server has now.
  router.get('/files/{id}/revisions', {}, async (ctx, { user, params, query }) => {
    ctx.set('Cache-Control', 'no-store');
    return list(user.id, { fileId: fileIdFrom(params.id) }, query);
  });

  router.get('/files/{id}/revisions/{revision}', {}, async (ctx, { user, params }) => {
    ctx.set('Cache-Control', 'no-store');
    return read(user.id, { fileId: fileIdFrom(params.id) }, params.revision);
  });

  router.post('/files/{id}/restore', {}, async (_ctx, { user, params, body }) => {
    const revision = await restore(user.id, { fileId: fileIdFrom(params.id) }, body.revision);
    return { success: true, errors: [], revision };
  });

  router.get('/journal/{date}/revisions', {}, async (ctx, { user, params, query }) => {
    ctx.set('Cache-Control', 'no-store');
    return list(user.id, { date: params.date }, query);
  });

  router.get('/journal/{date}/revisions/{revision}', {}, async (ctx, { user, params }) => {
    ctx.set('Cache-Control', 'no-store');
    return read(user.id, { date: params.date }, params.revision);
  });

  router.post('/journal/{date}/restore', {}, async (_ctx, { user, params, body }) => {
    await restore(user.id, { date: params.date }, body.revision);
    return { success: true, entry: await readEntry(db, user.id, params.date) };
  });
}
