import { invalid, notFound, parseBody } from '@cc/service-kit';
import type Koa from 'koa';
import { FILES_MESSAGES as M, reorderFoldersBody, updateFolderBody, type AnswerOf } from '@cc/contracts';
import type { Db, ServiceRouter } from '@cc/service-kit';
import { insertFolder, listFolders, publicFolder, reorderFolders, updateFolder } from './folders';
import type { ListingCache } from './listing-cache';
import type { SearchIndex } from './search-vectors';
import { trashFolder } from './trash';

/** GET/POST /folders, PATCH /folders/reorder, PATCH/DELETE /folders/{folderName}. */
export function folderRoutes(router: ServiceRouter, db: Db, listing: ListingCache, index: SearchIndex): void {
  // Every change here shows in GET /files: drop this user's cached listing before answering.
  const changed = (userId: number) => listing.invalidate(userId);

  router.get('/folders', {}, async (_ctx, { user }) => {
    const folders = await listFolders(db, user.id);
    return { success: true, folders: folders.map(publicFolder) };
  });

  router.post('/folders', {}, async (ctx, { user, body }) => {
    const folder = await insertFolder(db, user.id, body.name, body.description);
    if (!folder) throw invalid(M.folderExists);
    changed(user.id);
    ctx.status = 201;
    return { success: true, errors: [], folder: publicFolder(folder) };
  });

  async function update(folderName: string, userId: number, rawBody: unknown): Promise<AnswerOf<'PATCH /folders/{folderName}'>> {
    const body = parseBody(updateFolderBody, rawBody);
    const result = await updateFolder(db, userId, folderName, { newName: body.new_name, description: body.description });
    changed(userId);
    if (result === 'not_found') throw notFound(M.folderNotFound);
    if (result === 'exists') throw invalid(M.folderExists);
    return { success: true, errors: [], folder: publicFolder(result) };
  }

  // The literal path wins over /folders/{folderName}, so a folder named "reorder" is renamed
  // or described here: a body without `order` is that folder's update.
  router.patch('/folders/reorder', {}, async (ctx: Koa.Context, { user }) => {
    const raw = ctx.request.body as Record<string, unknown> | undefined;
    if (raw && typeof raw === 'object' && !('order' in raw) && ('new_name' in raw || 'description' in raw)) {
      return update('reorder', user.id, raw);
    }
    const body = parseBody(reorderFoldersBody, raw);
    const ignored = await reorderFolders(db, user.id, body.order);
    changed(user.id);
    return { success: true, ignored };
  });

  router.patch('/folders/{folderName}', {}, async (ctx, { user, params }) => update(params.folderName, user.id, ctx.request.body));

  router.delete('/folders/{folderName}', {}, async (_ctx, { user, params }) => {
    // To the trash with its files (docs/trash.md); the answer stays the documented one.
    const { deleted, files } = await trashFolder(db, user.id, params.folderName);
    changed(user.id);
    if (!deleted) throw notFound(M.folderNotFound);
    // Its files' vectors go at the next run (removeStaleVectors).
    if (files) index.changed();
    return { success: true, errors: [], deleted_files: files };
  });
}
