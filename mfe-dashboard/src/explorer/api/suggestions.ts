import { api } from '@cc/client';
import type { FileSuggestion, PromptAnswer, SuggestionsAnswer } from '@cc/contracts';

/** AI folder and file suggestions and their prompts (svc-files' part of /profile, docs/dashboard.md#suggestions). */
export type { PromptAnswer, SuggestionsAnswer };
export type Suggestion = FileSuggestion;

/** `GET /profile/suggested_folders` (`count` only matters for the first generation). */
export function fetchSuggestedFolders(count?: number, signal?: AbortSignal): Promise<SuggestionsAnswer> {
  return api.get<SuggestionsAnswer>('/profile/suggested_folders', { query: { count }, signal });
}

/** `GET /profile/suggested_files?folder=` */
export function fetchSuggestedFiles(folder: string, count?: number, signal?: AbortSignal): Promise<SuggestionsAnswer> {
  return api.get<SuggestionsAnswer>('/profile/suggested_files', { query: { folder, count }, signal });
}

/** `GET /profile/folder_suggestion_prompt?count=` */
export function fetchFolderSuggestionPrompt(count: number, signal?: AbortSignal): Promise<PromptAnswer> {
  return api.get<PromptAnswer>('/profile/folder_suggestion_prompt', { query: { count }, signal });
}

/** `GET /profile/file_suggestion_prompt?folder=&count=` */
export function fetchFileSuggestionPrompt(folder: string, count: number, signal?: AbortSignal): Promise<PromptAnswer> {
  return api.get<PromptAnswer>('/profile/file_suggestion_prompt', { query: { folder, count }, signal });
}

/** `GET /profile/file_draft_prompt?folder=&name=&description=` */
export function fetchFileDraftPrompt(folder: string, name: string, description: string, signal?: AbortSignal): Promise<PromptAnswer> {
  return api.get<PromptAnswer>('/profile/file_draft_prompt', { query: { folder, name, description }, signal });
}

/** `POST /profile/regenerate_suggested_folders {system, user, count}` */
export function regenerateSuggestedFolders(
  prompt: { system: string; user: string },
  count: number,
  signal?: AbortSignal,
): Promise<SuggestionsAnswer> {
  return api.post<SuggestionsAnswer>(
    '/profile/regenerate_suggested_folders',
    { system: prompt.system, user: prompt.user, count },
    { signal },
  );
}

/** `POST /profile/regenerate_suggested_files {system, user, folder, count}` */
export function regenerateSuggestedFiles(
  folder: string,
  prompt: { system: string; user: string },
  count: number,
  signal?: AbortSignal,
): Promise<SuggestionsAnswer> {
  return api.post<SuggestionsAnswer>(
    '/profile/regenerate_suggested_files',
    { system: prompt.system, user: prompt.user, folder, count },
    { signal },
  );
}

/** `POST /profile/reject_suggested_folder {name}` */
export function rejectSuggestedFolder(name: string): Promise<{ success: true }> {
  return api.post<{ success: true }>('/profile/reject_suggested_folder', { name });
}

/** `POST /profile/reject_suggested_file {folder, name}` */
export function rejectSuggestedFile(folder: string, name: string): Promise<{ success: true }> {
  return api.post<{ success: true }>('/profile/reject_suggested_file', { folder, name });
}
