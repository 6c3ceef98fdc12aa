import { staleSaveOf } from '@cc/ui/stale-save';

// A save of text the user typed (a file's content, summary or goals; a journal entry) names the
// revision it is based on, and svc-files refuses a stale one with 409: the workspace and the
// journal read that answer the same way.

/**
 * How a save is guarded: `revision` is the version the edit is based on (a stale one is refused
 * with 409), `saveId` names this save (the 409 names the save that wrote the current text).
 */
export interface SaveGuard {
  revision?: number | undefined;
  saveId?: string | undefined;
}

/** The guard as body fields (`revision`, `save_id`), leaving out what is not given. */
export function guardFields(guard: SaveGuard = {}): { revision?: number; save_id?: string } {
  return { ...(guard.revision !== undefined ? { revision: guard.revision } : {}), ...(guard.saveId ? { save_id: guard.saveId } : {}) };
}

/** What a 409 says the text holds now: under `key` (content, summary or goals), with its revision and the save that wrote it. */
export interface StaleText {
  text: string;
  revision: number;
  saveId: string | null;
  message?: string;
}

/** The 409 of a guarded save (content, summary, goals, journal entry), if that is what `error` is. */
export function staleText(error: unknown, key: 'content' | 'summary' | 'goals'): StaleText | null {
  const stale = staleSaveOf(error, key);
  return stale && { text: stale.theirs, revision: stale.base, saveId: stale.saveId, ...(stale.message ? { message: stale.message } : {}) };
}
