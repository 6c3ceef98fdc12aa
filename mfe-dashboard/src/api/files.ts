import { api } from '@cc/client';
import type { FileAnswer, FileDetail, FilesIndexAnswer, FileSummary, FileWriteAnswer, SaveFileContentAnswer, StaleRevisionAnswer, SummarizeAnswer } from '@cc/contracts';

/**
 * Typed wrappers over the svc-files calls for files (spec §7). Every call throws an
 * `ApiError` (from @cc/client) on `success:false`, an HTTP error or a network failure;
 * `error.errors` holds the server's messages, `error.status` the HTTP status (0: network).
 *
 * The file workspace (editor, preview, diff, chat) uses getFile / saveContent / saveSummary /
 * saveGoals / summarize; the explorer the rest. Keep these names stable.
 */
export type { FileAnswer, FileDetail, FilesIndexAnswer, FileSummary, FileWriteAnswer, SaveFileContentAnswer, StaleRevisionAnswer, SummarizeAnswer };

const filePath = (id: number) => `/files/${encodeURIComponent(String(id))}`;

/** `GET /files`: folder name → its files by position (empty folders have []). */
export function fetchFileIndex(signal?: AbortSignal): Promise<FilesIndexAnswer> {
  return api.get<FilesIndexAnswer>('/files', { signal });
}

/** `GET /files/{id}` → `{success, file{id, name, folder, description, content, summary, goals, position, revision, updated_at}}` */
export function getFile(id: number, signal?: AbortSignal): Promise<FileAnswer> {
  return api.get<FileAnswer>(filePath(id), { signal });
}

/**
 * `PATCH /files/{id}` `file{content, revision?}` → `{success, errors, revision}`. With a
 * revision, a stale save is refused with 409: the ApiError's `.status` is 409 and `.body` is a
 * `StaleRevisionAnswer` (`current{content, revision}`).
 */
export function saveContent(id: number, content: string, revision?: number, options?: { signal?: AbortSignal }): Promise<SaveFileContentAnswer> {
  const file: { content: string; revision?: number } = { content };
  if (revision !== undefined) file.revision = revision;
  return api.patch<SaveFileContentAnswer>(filePath(id), { file }, { signal: options?.signal });
}

/** The body of a 409 from saveContent, if that is what `error` is. */
export function staleRevision(error: unknown): StaleRevisionAnswer | null {
  const e = error as { status?: unknown; body?: unknown } | null;
  if (!e || e.status !== 409 || !e.body || typeof e.body !== 'object') return null;
  const body = e.body as Partial<StaleRevisionAnswer>;
  return body.current && typeof body.current.content === 'string' ? (body as StaleRevisionAnswer) : null;
}

/** `POST /files` `file{name, content, folder, description}` → 201 `{success, errors, file, folder_created}` */
export function createFile(input: { folder: string; name: string; description?: string; content?: string }): Promise<FileWriteAnswer> {
  return api.post<FileWriteAnswer>('/files', {
    file: { name: input.name, folder: input.folder, description: input.description ?? '', content: input.content ?? '' },
  });
}

/** `PUT /files/{id}` `file{name}` → `{success, errors, file}` (the answer's `file.name` is the stored one). */
export function renameFile(id: number, name: string): Promise<FileWriteAnswer> {
  return api.put<FileWriteAnswer>(filePath(id), { file: { name } });
}

/** `PUT /files/{id}` `file{description}` */
export function describeFile(id: number, description: string): Promise<FileWriteAnswer> {
  return api.put<FileWriteAnswer>(filePath(id), { file: { description } });
}

/** `DELETE /files/{id}` → `{success, errors}` */
export function deleteFile(id: number): Promise<{ success: true; errors: string[] }> {
  return api.delete<{ success: true; errors: string[] }>(filePath(id));
}

/** `PATCH /files/reorder {folder, ids}` → `{success, ignored}` */
export function reorderFiles(folder: string, ids: number[]): Promise<{ success: true; ignored: number[] }> {
  return api.patch<{ success: true; ignored: number[] }>('/files/reorder', { folder, ids });
}

/** `PATCH /files/{id}/summary {summary}` */
export function saveSummary(id: number, summary: string): Promise<{ success: true }> {
  return api.patch<{ success: true }>(`${filePath(id)}/summary`, { summary });
}

/** `PATCH /files/{id}/goals {goals}` */
export function saveGoals(id: number, goals: string): Promise<{ success: true }> {
  return api.patch<{ success: true }>(`${filePath(id)}/goals`, { goals });
}

/** `POST /files/summarize {file_id, folder, file_name, content}` → `{success, summary}` (empty content clears it). */
export function summarize(input: { fileId: number; folder: string; fileName: string; content: string }, signal?: AbortSignal): Promise<SummarizeAnswer> {
  return api.post<SummarizeAnswer>(
    '/files/summarize',
    { file_id: input.fileId, folder: input.folder, file_name: input.fileName, content: input.content },
    { signal },
  );
}
