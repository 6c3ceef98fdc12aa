/** What every prompt shares: its shape, the coach's voice, and how an empty list reads. */

export interface Prompt {
  system: string;
  user: string;
}

export const COACH_VOICE =
  'You are a practical, warm career coach for working professionals. You write concise, concrete, plain English, and never invent facts about the user.';

export const listOrNone = (items: string[]) => (items.length ? items.join(', ') : 'none');

/** How much of a file (or a page's text) a prompt quotes. */
export const FILE_CONTENT_LIMIT = 12_000;
