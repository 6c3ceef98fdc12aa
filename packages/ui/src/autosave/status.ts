/** What an autosave tells the user: its state, the status line and a conflict to resolve. */

export type SaveState = 'idle' | 'dirty' | 'saving' | 'saved' | 'failed' | 'conflict';

/** The save status texts (docs/dashboard.md#messages). */
export const SAVE_TEXTS = { saving: 'Saving...', saved: 'Saved', failed: 'Save failed', notSaved: 'Not saved' } as const;

/**
 * A domain's own wording of the status line (people: Typing..., Saving..., Saved, Error saving);
 * `typing` is what shows while an edit waits for its save ('' by default: nothing).
 */
export interface StatusTexts {
  typing: string;
  saving: string;
  saved: string;
  failed: string;
  notSaved: string;
}

export const DEFAULT_STATUS_TEXTS: StatusTexts = { typing: '', ...SAVE_TEXTS };

/** The status when the server refused a save and said why (the text stays in the local draft). */
export const notSavedText = (message: string, failed?: string) => `${failed ?? SAVE_TEXTS.notSaved}: ${message}`;

/** A caller's own wording of the outcome of one save (e.g. 'Draft saved', 'Revert failed'). */
export interface SaveTexts {
  saved?: string;
  failed?: string;
}

export interface AutosaveConflict<B> {
  /** The text the user had when the conflict was found. */
  mine: string;
  /** The server's current text. */
  theirs: string;
  /** The server's current version (e.g. the file's revision). */
  theirsBase?: B;
  /** The server's explanation, if it gave one. */
  message?: string;
}

export interface AutosaveSnapshot<B = unknown> {
  state: SaveState;
  /** What the status line says ('' while nothing is to be said). */
  text: string;
  conflict: AutosaveConflict<B> | null;
  /** A local draft was restored by the last `start()`. */
  restored: boolean;
}
