import { api } from '@cc/client';
import type { Folder, FoldersAnswer, FolderWriteAnswer } from '@cc/contracts';

export type { Folder, FoldersAnswer };

/** A folder as the explorer lists it (GET /folders, by position). */
export type FolderSummary = Pick<Folder, 'name' | 'description'> & { position?: number };

const folderPath = (name: string) => `/folders/${encodeURIComponent(name)}`;

/** `GET /folders` (svc-files): the folders by position. */
export function fetchFolders(signal?: AbortSignal): Promise<FoldersAnswer> {
  return api.get<FoldersAnswer>('/folders', { signal });
}

/** `POST /folders` → 201 `{success, errors, folder}`; 422 'Folder already exists.' */
export function createFolder(name: string, description = ''): Promise<FolderWriteAnswer> {
  return api.post<FolderWriteAnswer>('/folders', { name, description });
}

/** `PATCH /folders/{folderName}` with `new_name` and/or `description`. */
export function updateFolder(name: string, changes: { new_name?: string; description?: string }): Promise<FolderWriteAnswer> {
  return api.patch<FolderWriteAnswer>(folderPath(name), { name, ...changes });
}

export interface DeleteFolderAnswer {
  success: true;
  errors: string[];
  deleted_files: number;
}

/** `DELETE /folders/{folderName}`: its files, then the folder, in one transaction. */
export function deleteFolder(name: string): Promise<DeleteFolderAnswer> {
  return api.delete<DeleteFolderAnswer>(folderPath(name));
}

export interface ReorderFoldersAnswer {
  success: true;
  ignored: string[];
}

/** `PATCH /folders/reorder {order}`: names that are not the user's are ignored. */
export function reorderFolders(order: string[]): Promise<ReorderFoldersAnswer> {
  return api.patch<ReorderFoldersAnswer>('/folders/reorder', { order });
}
