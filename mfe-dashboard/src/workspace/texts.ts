/** What the assistant says after the user decided on a proposed update (docs/dashboard.md#file-chat). */
export const ACCEPT_TEXT = "Great! I've updated your file. How does that look?";
export const REJECT_TEXT = "No problem! Let's continue our conversation. What else would you like to explore?";
export const EDIT_TEXT = 'Perfect! You can now edit the content directly. What would you like to adjust?';

/** What the assistant says when an update would change nothing (no diff panel is shown). */
export const NOTHING_TO_CHANGE_TEXT = 'Nothing to change: the file already has this.';

/** Accept-changes delay (docs/dashboard.md#limits-and-delays). */
export const ACCEPT_DELAY_MS = 1000;
/** The auto-open chat prompt is sent 0.5 s after the file opened (docs/dashboard.md#address). */
export const AUTO_CHAT_DELAY_MS = 500;

/** Status texts (docs/dashboard.md#messages) besides the autosave's Saving... / Saved / Save failed. */
export const STATUS = {
  draftSaved: 'Draft saved',
  reverted: 'Reverted',
  revertFailed: 'Revert failed',
  summarizing: 'Summarizing...',
  summaryUpdated: 'Summary updated',
  summarizeFailed: 'Summarize failed',
} as const;

/** The message of a suggest_edits request from the update-file button (no prompt of its own). */
export const UPDATE_FROM_CONVERSATION = 'Update the file based on our conversation.';

export type ContentMode = 'full' | 'summary' | 'goals';
export const CONTENT_MODES: readonly { value: ContentMode; label: string }[] = [
  { value: 'full', label: 'Full' },
  { value: 'summary', label: 'Summary' },
  { value: 'goals', label: 'Goals' },
];

/** The tab title: the file name without .md. */
export function fileTitle(name: string): string {
  return name.replace(/\.md$/i, '');
}
