/**
 * What the explorer (left) and the file workspace (centre editor + right chat) share. The
 * dashboard page owns this state; the explorer changes it, the workspace renders it.
 */

/** The open file. Renaming changes `name` (the tab title follows). */
export interface OpenFile {
  id: number;
  name: string;
  folder: string;
}

/**
 * An AI draft the explorer asks the workspace to produce for the open file:
 * - `suggestion`: the file was just created from a suggested file → the draft is shown as an
 *   all-added diff (Accept All / Reject / Edit).
 * - `generate`: "Generate with AI" from the file menu (prompt editor submitted) → an indicator
 *   with Cancel; the applied draft is saved, with an Undo indicator ('Reverted').
 */
export interface DraftRequest {
  /** Unique per request, so the same file can be drafted twice. */
  key: string;
  kind: 'suggestion' | 'generate';
  fileId: number;
  folder: string;
  name: string;
  description: string;
  /** Edited prompts from the prompt editor; absent → the server's defaults. */
  system?: string;
  user?: string;
}

/** From the stored open-on-load hint: start the chat, and send this prompt 0.5 s after opening. */
export interface AutoChat {
  start: boolean;
  prompt?: string;
}
