import type Koa from 'koa';
import { fileDraftPrompt, fileSuggestionPrompt, filterSuggestions, folderSuggestionPrompt, normalizeCount, type Suggestion } from '@cc/ai';
import { type AnswerOf } from '@cc/contracts';
import type { Db, ModelCalls, ServiceRouter } from '@cc/service-kit';
import { draftContext } from './draft-context';
import { findFileByName } from './files';
import { findFolder } from './folders';
import {
  fileScope,
  folderScope,
  generationState,
  liveSuggestions,
  rejectSuggestion,
  storeSuggestions,
  suggestionContext,
  type SuggestionContext,
  type SuggestionScope,
} from './suggestions';

/**
 * The svc-files half of /profile: stored folder and file suggestions, the editable prompts
 * (always the defaults, filled in with the user's current folders, files and rejections; an
 * edited prompt is used for the one regeneration it is sent with), drafts and rejections.
 */
export function suggestionRoutes(router: ServiceRouter, db: Db, ai: ModelCalls): void {
  /** File suggestions are kept under the folder's own spelling when it exists. */
  async function scopeForFolder(userId: number, folder: string): Promise<SuggestionScope> {
    return fileScope(userId, (await findFolder(db, userId, folder))?.name ?? folder);
  }

  /** Asks the model, filters again (rejected and existing names never come back) and stores. */
  async function generate(
    ctx: Koa.Context,
    scope: SuggestionScope,
    context: SuggestionContext,
    count: number,
    prompt: { system?: string; user?: string } = {},
  ): Promise<Suggestion[]> {
    const answer = await ai.run(ctx, scope.userId, (signal) => {
      const common = { count, existing: context.existing, rejected: context.rejected, ...prompt, signal };
      return scope.kind === 'folder'
        ? ai.provider.suggestFolders(common)
        : ai.provider.suggestFiles({
            ...common,
            folder: scope.folder,
            ...(context.folderDescription ? { folderDescription: context.folderDescription } : {}),
          });
    });
    const suggestions = filterSuggestions(answer, { ...context, count });
    await storeSuggestions(db, scope, suggestions, count);
    return suggestions;
  }

  /** The stored list; generated on first use (and again once every suggestion was used or hidden). */
  async function current(
    ctx: Koa.Context,
    scope: SuggestionScope,
    countParam: unknown,
  ): Promise<AnswerOf<'GET /profile/suggested_folders'>> {
    const context = await suggestionContext(db, scope);
    const live = await liveSuggestions(db, scope, context);
    if (live.length > 0) return { success: true, suggestions: live };
    const state = await generationState(db, scope);
    // The last generation found nothing new: asking again on every read would only cost calls.
    if (state?.last_yield === 0) return { success: true, suggestions: [] };
    const count = normalizeCount(countParam ?? state?.count);
    return { success: true, suggestions: await generate(ctx, scope, context, count) };
  }

  router.get('/profile/suggested_folders', {}, (ctx, { user, query }) => current(ctx, folderScope(user.id), query.count));

  router.get('/profile/suggested_files', {}, async (ctx, { user, query }) =>
    current(ctx, await scopeForFolder(user.id, query.folder), query.count),
  );

  router.get('/profile/folder_suggestion_prompt', {}, async (_ctx, { user, query }) => {
    const { existing, rejected } = await suggestionContext(db, folderScope(user.id));
    return { success: true, ...folderSuggestionPrompt({ count: query.count, existing, rejected }) };
  });

  router.get('/profile/file_suggestion_prompt', {}, async (_ctx, { user, query }) => {
    const scope = await scopeForFolder(user.id, query.folder);
    const context = await suggestionContext(db, scope);
    return { success: true, ...fileSuggestionPrompt({ ...context, folder: scope.folder, count: query.count }) };
  });

  /** The description a draft is for: the one given, else the stored file's. */
  async function draftDescription(userId: number, folder: string, name: string, given: string): Promise<string> {
    if (given) return given;
    return (await findFileByName(db, userId, folder, name))?.description ?? '';
  }

  /** A draft builds on what the workspace holds: the descriptions and the folder's other files. */
  async function draftInput(userId: number, folder: string, name: string, given: string) {
    const [description, context] = await Promise.all([
      draftDescription(userId, folder, name, given),
      draftContext(db, userId, folder, name),
    ]);
    return { folder, name, description, ...context };
  }

  router.get('/profile/file_draft_prompt', {}, async (_ctx, { user, query }) => {
    return { success: true, ...fileDraftPrompt(await draftInput(user.id, query.folder, query.name, query.description)) };
  });

  router.post('/profile/regenerate_suggested_folders', {}, async (ctx, { user, body }) => {
    const scope = folderScope(user.id);
    const suggestions = await generate(ctx, scope, await suggestionContext(db, scope), normalizeCount(body.count), {
      system: body.system,
      user: body.user,
    });
    return { success: true, suggestions };
  });

  router.post('/profile/regenerate_suggested_files', {}, async (ctx, { user, body }) => {
    const scope = await scopeForFolder(user.id, body.folder);
    const suggestions = await generate(ctx, scope, await suggestionContext(db, scope), normalizeCount(body.count), {
      system: body.system,
      user: body.user,
    });
    return { success: true, suggestions };
  });

  router.post('/profile/generate_file_draft', {}, async (ctx, { user, body }) => {
    const input = await draftInput(user.id, body.folder, body.name, body.description);
    const draft = await ai.run(ctx, user.id, (signal) => ai.provider.draftFile({ ...input, system: body.system, user: body.user, signal }));
    return { success: true, draft };
  });

  router.post('/profile/reject_suggested_folder', {}, async (_ctx, { user, body }) => {
    await rejectSuggestion(db, folderScope(user.id), body.name);
    return { success: true };
  });

  router.post('/profile/reject_suggested_file', {}, async (_ctx, { user, body }) => {
    await rejectSuggestion(db, await scopeForFolder(user.id, body.folder), body.name);
    return { success: true };
  });
}
