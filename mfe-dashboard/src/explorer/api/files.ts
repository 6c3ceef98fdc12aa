import { api } from '@cc/client';
import type { FilesIndexAnswer, FileWriteAnswer } from '@cc/contracts';

/*
 * The explorer's file calls (svc-files, docs/api.md#svc-files): the listing, and each file as an item of it.
 * Every call throws an `ApiError` (from @cc/client) on `success:false`, an HTTP error or a
 * network failure; `error.errors` holds the server's messages, `error.status` the HTTP status (0: network).
 */

const filePath = (id: number) => `/files/${encodeURIComponent(String(id))}`;

/** `GET /files`: folder name → its files by position (empty folders have []). */
export function fetchFileIndex(signal?: AbortSignal): Promise<FilesIndexAnswer> {
  return api.get<FilesIndexAnswer>('/files', { signal });
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
