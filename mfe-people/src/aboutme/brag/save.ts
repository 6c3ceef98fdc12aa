import type { QueryClient } from '@tanstack/react-query';
import { api } from '@cc/client';
import { invalidateRoutes, routeQuery } from '@cc/client/query';
import { nameKey } from '@cc/contracts/names';
import { BRAG_DOCUMENT, bragFileName } from '@cc/contracts/profile-rules';

/** The career folder a brag document belongs with (one of the catalogue's folders). */
export const BRAG_FOLDER = BRAG_DOCUMENT.folder;
const FOLDER_DESCRIPTION = 'My role, achievements and the evidence of my impact.';

/** The first of brag-document-DAY.md, -2, -3… that the folder does not have (names compare ignoring case). */
export function freeName(day: string, taken: string[]): string {
  const keys = new Set(taken.map(nameKey));
  let n = 1;
  while (keys.has(nameKey(bragFileName(day, n)))) n += 1;
  return bragFileName(day, n);
}

export interface SavedBrag {
  folder: string;
  fileName: string;
  fileId: number;
}

/** Read afresh: a name taken a moment ago (in another tab) must not be taken again. */
const now = <T extends { queryKey: readonly unknown[] }>(query: T) => ({ ...query, staleTime: 0 });

/**
 * Saves the document into work-profile, made first when the user has no such folder. Its name,
 * description and heading mark it as the product's own: a profile never reads it back as evidence.
 * The workspace's folder and file lists have changed.
 */
export async function saveBrag(queryClient: QueryClient, markdown: string, day: string): Promise<SavedBrag> {
  const { folders } = await queryClient.fetchQuery(now(routeQuery('GET /folders')));
  let folder = folders.find((f) => nameKey(f.name) === nameKey(BRAG_FOLDER))?.name;
  if (!folder) {
    const made = await api.call('POST /folders', { body: { name: BRAG_FOLDER, description: FOLDER_DESCRIPTION } });
    folder = made.folder.name;
  }
  // Without paging asked for, `GET /files` answers the index: each folder's files by its name.
  const index = await queryClient.fetchQuery(now(routeQuery('GET /files')));
  const listed = Object.entries(index).find(([name, files]) => nameKey(name) === nameKey(folder) && Array.isArray(files))?.[1];
  const taken = (listed as { name: string }[] | undefined) ?? [];
  const answer = await api.call('POST /files', {
    body: {
      file: {
        name: freeName(
          day,
          taken.map((f) => f.name),
        ),
        folder,
        content: markdown,
        description: BRAG_DOCUMENT.description,
      },
    },
  });
  void invalidateRoutes(queryClient, 'GET /folders', 'GET /files');
  return { folder: answer.file.folder, fileName: answer.file.name, fileId: answer.file.id };
}
