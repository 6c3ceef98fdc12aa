import { api } from '@cc/client';
import type { FilesIndexAnswer } from '@cc/contracts';

/** `GET /files` → folder name to its files [{id, name}] */
export function fetchFileIndex(signal?: AbortSignal): Promise<FilesIndexAnswer> {
  return api.get<FilesIndexAnswer>('/files', { signal });
}

/** `POST /files {file{folder, name, description, content}}` → file.id */
export function createFile(file: {
  folder: string;
  name: string;
  description: string;
  content: string;
}): Promise<{ file: { id: number } }> {
  return api.post<{ file: { id: number } }>('/files', { file });
}
