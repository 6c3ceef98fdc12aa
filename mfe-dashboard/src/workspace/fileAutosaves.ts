import { AUTOSAVE_DELAYS_MS, type AutosavedTextOptions } from '@cc/ui';
import { staleText } from '../shared/saveGuard';
import { saveContent, saveGoals, saveSummary } from './api/files';
import type { ContentMode } from './texts';

/** localStorage keys of the unsaved drafts of a file (file ids are unique across users). */
export const draftKey = (fileId: number, mode: ContentMode) =>
  mode === 'full' ? `cc:draft:file:${fileId}` : `cc:draft:file:${fileId}:${mode}`;

/** The key each text has in a 409's `current`. */
const FIELD = { full: 'content', summary: 'summary', goals: 'goals' } as const;
const WHAT = { full: 'file', summary: 'summary', goals: 'goals' } as const;

interface TextSource {
  textOf: (mode: ContentMode) => string;
  lengthOf: (mode: ContentMode) => number;
  /**
   * The content's next save writes a text an AI made (an accepted update or draft): it is sent
   * with `ai_update` until a save lands, so the text before it is kept in the history
   * (docs/dashboard.md#history).
   */
  aiUpdate?: { pending: boolean };
}

/**
 * How one text of file `id` autosaves: content, summary and goals alike (1 s after the last
 * input, a revision per text, 409 on a stale one, a save id per save, keepalive on page hide).
 */
export function fileTextAutosave(id: number, mode: ContentMode, { textOf, lengthOf, aiUpdate }: TextSource): AutosavedTextOptions<number> {
  return {
    key: `file:${id}:${mode}`,
    storageKey: draftKey(id, mode),
    delayMs: AUTOSAVE_DELAYS_MS.file,
    getText: () => textOf(mode),
    getLength: () => lengthOf(mode),
    save: async (text, revision, { keepalive, saveId }) => {
      if (mode === 'full') {
        const ai = aiUpdate?.pending === true;
        const saved = (await saveContent(id, text, revision, { saveId, keepalive, aiUpdate: ai })).revision;
        if (ai && aiUpdate) aiUpdate.pending = false;
        return saved;
      }
      return (await (mode === 'summary' ? saveSummary : saveGoals)(id, text, { revision, saveId }, { keepalive })).revision;
    },
    conflictOf: (error) => {
      const stale = staleText(error, FIELD[mode]);
      return stale
        ? { theirs: stale.text, base: stale.revision, saveId: stale.saveId, ...(stale.message ? { message: stale.message } : {}) }
        : null;
    },
    onError: (error) => console.warn(`[workspace] saving the ${WHAT[mode]} failed`, error),
  };
}
