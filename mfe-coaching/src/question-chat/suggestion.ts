import type { FilesIndexAnswer } from '@cc/contracts';

export interface FileRef {
  id: number;
  folder: string;
  name: string;
}

/**
 * The suggestion action's type (docs/coaching.md#keeping-an-answer-in-a-file): 'update' when the text names one of the user's
 * files (the longest name mentioned wins, so `plan.md` does not hide `weekly-plan.md`), else 'create'.
 */
export function suggestionType(text: string, index: FilesIndexAnswer): { type: 'update'; file: FileRef } | { type: 'create' } {
  const lower = text.toLowerCase();
  let best: FileRef | null = null;
  for (const [folder, files] of Object.entries(index)) {
    for (const file of files) {
      if (file.name && lower.includes(file.name.toLowerCase()) && (!best || file.name.length > best.name.length)) {
        best = { id: file.id, folder, name: file.name };
      }
    }
  }
  return best ? { type: 'update', file: best } : { type: 'create' };
}

/** The file of `index` named by folder and name (case as typed), if there is one. */
export function findFile(index: FilesIndexAnswer, folder: string, name: string): FileRef | null {
  const file = index[folder]?.find((f) => f.name === name);
  return file ? { id: file.id, folder, name: file.name } : null;
}
