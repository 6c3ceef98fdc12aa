// Subpaths, not @cc/ui: the explorer runs this on the first visit, the rest of @cc/ui is not needed there.
import { readDraft } from '@cc/ui/draft';
import { removeStored, storedKeys } from '@cc/ui/storage';

/** The file id in a key made by `draftKey` (fileAutosaves.ts): `cc:draft:file:{id}` or `…:{id}:{mode}`. */
const FILE_DRAFT = /^cc:draft:file:(\d+)(?::|$)/;

/**
 * Drops the unsaved drafts of files that no longer exist (deleted here, in another tab or on
 * another device), so no draft outlives its file. `ids` are all the account's files, from a
 * listing requested at `listedAt`; a draft written since may be of a file created meanwhile,
 * so it waits for the next listing. Returns how many keys were removed.
 */
export function dropOrphanFileDrafts(ids: Iterable<number>, listedAt: number): number {
  const existing = new Set(ids);
  let dropped = 0;
  for (const key of storedKeys('cc:draft:file:')) {
    const id = Number(FILE_DRAFT.exec(key)?.[1] ?? Number.NaN);
    if (!Number.isSafeInteger(id) || existing.has(id)) continue;
    const draft = readDraft(key);
    if (draft && draft.at >= listedAt) continue;
    removeStored(key);
    dropped += 1;
  }
  return dropped;
}
