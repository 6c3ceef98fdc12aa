/** What every prompt shares: its shape, the coach's voice, and how an empty list reads. */

export interface Prompt {
  system: string;
  user: string;
}

export const COACH_VOICE =
  'You are a practical, warm career coach for working professionals. You write concise, concrete, plain English, and never invent facts about the user.';

export const listOrNone = (items: string[]) => (items.length ? items.join(', ') : 'none');
