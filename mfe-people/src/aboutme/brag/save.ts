import { api } from '@cc/client';
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

/**
 * Saves the document into work-profile, made first when the user has no such folder. Its name,
 * description and heading mark it as the product's own: a profile never reads it back as evidence.
 */
export async function saveBrag(markdown: string, day: string): Promise<SavedBrag> {
  const { folders } = await api.get<{ folders: { name: string }[] }>('/folders');
  let folder = folders.find((f) => nameKey(f.name) === nameKey(BRAG_FOLDER))?.name;
  if (!folder) {
    const made = await api.post<{ folder: { name: string } }>('/folders', { name: BRAG_FOLDER, description: FOLDER_DESCRIPTION });
    folder = made.folder.name;
  }
  const index = await api.get<Record<string, { name: string }[]>>('/files');
  const taken = Object.entries(index).find(([name]) => nameKey(name) === nameKey(folder))?.[1] ?? [];
  const answer = await api.post<{ file: { id: number; name: string; folder: string } }>('/files', {
    file: {
      name: freeName(
        day,
        taken.map((f) => f.name),
      ),
      folder,
      content: markdown,
      description: BRAG_DOCUMENT.description,
    },
  });
  return { folder: answer.file.folder, fileName: answer.file.name, fileId: answer.file.id };
}
