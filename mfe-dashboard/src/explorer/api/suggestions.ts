import { api, type CallAnswer } from '@cc/client';
import { routeKey, routeQuery } from '@cc/client/query';

/** AI folder and file suggestions and their prompts (svc-files' part of /profile, docs/dashboard.md#suggestions). */
export type SuggestionsAnswer = CallAnswer<'GET /profile/suggested_folders'>;
export type Suggestion = SuggestionsAnswer['suggestions'][number];
export type PromptAnswer = CallAnswer<'GET /profile/folder_suggestion_prompt'>;

// A suggestion list is the same whatever the count (it only sizes the first generation): its
// cache key leaves the count out, so a modal opens with the last list whatever count is set.

/** `GET /profile/suggested_folders?count=` */
export const suggestedFoldersQuery = (count: number) => ({
  ...routeQuery('GET /profile/suggested_folders', { query: { count } }),
  queryKey: routeKey('GET /profile/suggested_folders'),
});

/** The cache key of a folder's suggested files. */
export const suggestedFilesKey = (folder: string) => routeKey('GET /profile/suggested_files', { query: { folder } });

/** `GET /profile/suggested_files?folder=&count=` */
export const suggestedFilesQuery = (folder: string, count: number) => ({
  ...routeQuery('GET /profile/suggested_files', { query: { folder, count } }),
  queryKey: suggestedFilesKey(folder),
});

/** `GET /profile/folder_suggestion_prompt?count=` */
export const folderPromptQuery = (count: number) => routeQuery('GET /profile/folder_suggestion_prompt', { query: { count } });

/** `GET /profile/file_suggestion_prompt?folder=&count=` */
export const filePromptQuery = (folder: string, count: number) =>
  routeQuery('GET /profile/file_suggestion_prompt', { query: { folder, count } });

/** `GET /profile/file_draft_prompt?folder=&name=&description=` */
export const draftPromptQuery = (folder: string, name: string, description: string) =>
  routeQuery('GET /profile/file_draft_prompt', { query: { folder, name, description } });

/** `POST /profile/regenerate_suggested_folders {system, user, count}` */
export function regenerateSuggestedFolders(prompt: { system: string; user: string }, count: number) {
  return api.call('POST /profile/regenerate_suggested_folders', { body: { system: prompt.system, user: prompt.user, count } });
}

/** `POST /profile/regenerate_suggested_files {system, user, folder, count}` */
export function regenerateSuggestedFiles(folder: string, prompt: { system: string; user: string }, count: number) {
  return api.call('POST /profile/regenerate_suggested_files', { body: { system: prompt.system, user: prompt.user, folder, count } });
}

/** `POST /profile/reject_suggested_folder {name}` */
export function rejectSuggestedFolder(name: string) {
  return api.call('POST /profile/reject_suggested_folder', { body: { name } });
}

/** `POST /profile/reject_suggested_file {folder, name}` */
export function rejectSuggestedFile(folder: string, name: string) {
  return api.call('POST /profile/reject_suggested_file', { body: { folder, name } });
}
