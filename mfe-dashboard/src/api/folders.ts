import { api } from '@cc/client';

export interface FolderSummary {
  name: string;
  description?: string | null;
}

export interface FoldersAnswer {
  success: true;
  folders: FolderSummary[];
}

/** `GET /folders` (svc-files). */
export function fetchFolders(signal?: AbortSignal): Promise<FoldersAnswer> {
  return api.get<FoldersAnswer>('/folders', { signal });
}
