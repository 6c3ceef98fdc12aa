import { conflict, gzippedBody, invalid, notFound, pageFrom } from '@cc/service-kit';
import { FILES_MESSAGES as M, normalizeFileName, type AnswerOf } from '@cc/contracts';
import type { Db, ModelCalls, ServiceRouter } from '@cc/service-kit';
import {
  createFile,
  filesIndexJson,
  findFileByName,
  folderFilesKey,
  folderFilesPage,
  getFile,
  reorderFiles,
  saveFileText,
  updateFile,
  type CurrentText,
  type FileHead,
  type FileText,
  type SaveGuard,
} from './files';
import { fileIdFrom } from './http';
import { trashFile } from './trash';
import type { ListingCache } from './listing-cache';
import type { SearchIndex } from './search-vectors';

/** Weak comparison (RFC 9110) of either representation: nginx may add W/, gzip answers add -gz. */
function ifNoneMatch(header: string, etag: string): boolean {
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '').replace(/-gz"$/, '"') === etag;
  });
}

/**
 * A 409's `current`: the text under its own key, its revision, and the id of the save that
 * wrote it when the client gave one (so a client can recognise its own save whose answer it
 * lost).
 */
const currentOf = <K extends FileText>(key: K, c: CurrentText) =>
  ({ [key]: c.text, revision: c.revision, ...(c.save_id ? { save_id: c.save_id } : {}) }) as { [P in K]: string } & {
    revision: number;
    save_id?: string;
  };

const head = (f: FileHead) => ({
  id: f.id,
  name: f.name,
  folder: f.folder,
  description: f.description,
  position: f.position,
  revision: f.revision,
});

/** The summary's revision after summarize stored it (nothing when no file was named). */
const summaryRevision = (stored: Awaited<ReturnType<typeof saveFileText>> | undefined) =>
  stored && stored !== 'not_found' && stored.saved ? { summary_revision: stored.revision } : {};

/** /files and /files/{id}…: the explorer's list, the editor's file, summaries and goals. */
export function fileRoutes(router: ServiceRouter, db: Db, ai: ModelCalls, cache: ListingCache, index: SearchIndex): void {
  // Creating, renaming, describing, deleting and reordering show in GET /files.
  const changed = (userId: number) => cache.invalidate(userId);

  router.get('/files', {}, async (ctx, { user, query }) => {
    if (query.folder !== undefined) {
      // One folder's page (docs/api.md#paged-lists): read as it is now, never from the cache.
      ctx.set('Cache-Control', 'no-store');
      const page = await folderFilesPage(db, user.id, query.folder, pageFrom(query, folderFilesKey));
      if (page === 'not_found') throw notFound(M.folderNotFound);
      return { success: true, ...page };
    }
    // Postgres builds the JSON; it goes out as it is (no success key: every key is a folder).
    const listing = await cache.get(user.id, 'listing', () => filesIndexJson(db, user.id));
    const gzip = listing.body.byteLength > 1024 && ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    // The browser may keep it but asks every time; an unchanged list comes back as 304.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('Vary', 'Cookie, Accept-Encoding');
    ctx.set('ETag', gzip ? listing.etag.replace(/"$/, '-gz"') : listing.etag);
    if (ifNoneMatch(ctx.get('If-None-Match'), listing.etag)) {
      ctx.status = 304;
      return undefined;
    }
    ctx.type = 'application/json';
    if (!gzip) return listing.body;
    ctx.set('Content-Encoding', 'gzip');
    return gzippedBody(listing);
  });

  router.post('/files', {}, async (ctx, { user, body }) => {
    const result = await createFile(db, user.id, body.file);
    if (result === 'exists') throw invalid(M.fileExists);
    changed(user.id);
    index.changed();
    ctx.status = 201;
    return { success: true, errors: [], file: head(result.file), folder_created: result.folderCreated };
  });

  router.patch('/files/reorder', {}, async (_ctx, { user, body }) => {
    const ignored = await reorderFiles(db, user.id, body.folder, body.ids);
    changed(user.id);
    if (ignored === 'not_found') throw notFound(M.folderNotFound);
    return { success: true, ignored };
  });

  router.post('/files/summarize', {}, async (ctx, { user, body }) => {
    let file: { id: number; name: string; content: string } | undefined;
    if (body.file_id) {
      file = await getFile(db, user.id, body.file_id);
      if (!file) throw notFound(M.fileNotFound);
    } else if (body.folder?.trim() && body.file_name?.trim()) {
      const found = await findFileByName(db, user.id, body.folder.trim(), normalizeFileName(body.file_name));
      if (found) file = await getFile(db, user.id, found.id);
    }
    const content = body.content ?? file?.content ?? '';
    // An empty file has nothing to summarise: the summary is cleared, no model is asked.
    if (!content.trim()) {
      const stored = file ? await saveFileText(db, user.id, file.id, 'summary', '') : undefined;
      return { success: true, summary: '', ...summaryRevision(stored) };
    }
    const fileName = file?.name ?? body.file_name ?? undefined;
    const summary = await ai.run(ctx, user.id, (signal) => ai.provider.summarize({ content, ...(fileName ? { fileName } : {}), signal }));
    const stored = file ? await saveFileText(db, user.id, file.id, 'summary', summary) : undefined;
    return { success: true, summary, ...summaryRevision(stored) };
  });

  router.get('/files/{id}', {}, async (_ctx, { user, params }) => {
    const file = await getFile(db, user.id, fileIdFrom(params.id));
    if (!file) throw notFound(M.fileNotFound);
    return { success: true, file };
  });

  router.put('/files/{id}', {}, async (_ctx, { user, params, body }) => {
    const result = await updateFile(db, user.id, fileIdFrom(params.id), body.file);
    changed(user.id);
    index.changed();
    if (result === 'not_found') throw notFound(M.fileNotFound);
    if (result === 'exists') throw invalid(M.fileExists);
    return { success: true, errors: [], file: head(result) };
  });

  router.patch('/files/{id}', {}, async (_ctx, { user, params, body }) => {
    const id = fileIdFrom(params.id);
    const result = await saveFileText(db, user.id, id, 'content', body.file.content, {
      basedOn: body.file.revision ?? body.revision,
      saveId: body.file.save_id ?? body.save_id,
      aiUpdate: body.ai_update,
    });
    if (result === 'not_found') throw notFound(M.fileNotFound);
    if (!result.saved) throw conflict(M.staleRevision, currentOf('content', result.current));
    index.changed();
    return { success: true, errors: [], revision: result.revision };
  });

  router.delete('/files/{id}', {}, async (_ctx, { user, params }) => {
    const id = fileIdFrom(params.id);
    // To the trash (docs/trash.md); the answer stays the documented one.
    const deleted = await trashFile(db, user.id, id);
    changed(user.id);
    if (!deleted) throw notFound(M.fileNotFound);
    await index.fileDeleted(user.id, id);
    return { success: true, errors: [] };
  });

  // Summary and goals: the documented `{success}`, plus the text's new `revision`; with a
  // stale `revision` 409 like the content.
  const saveNote = async (
    userId: number,
    rawId: string,
    which: 'summary' | 'goals',
    value: string,
    guard: SaveGuard,
  ): Promise<AnswerOf<'PATCH /files/{id}/summary'>> => {
    const result = await saveFileText(db, userId, fileIdFrom(rawId), which, value, guard);
    if (result === 'not_found') throw notFound(M.fileNotFound);
    if (!result.saved) throw conflict(which === 'summary' ? M.staleSummary : M.staleGoals, currentOf(which, result.current));
    return { success: true, revision: result.revision };
  };

  router.patch('/files/{id}/summary', {}, (_ctx, { user, params, body }) =>
    saveNote(user.id, params.id, 'summary', body.summary, { basedOn: body.revision, saveId: body.save_id }),
  );

  router.patch('/files/{id}/goals', {}, (_ctx, { user, params, body }) =>
    saveNote(user.id, params.id, 'goals', body.goals, { basedOn: body.revision, saveId: body.save_id }),
  );
}
