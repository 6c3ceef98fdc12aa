import type { ChatRole } from './types';

export const AGENT_MODE_TEXT = "Agent mode: I'll help edit your files";
export const ASK_MODE_TEXT = "Ask mode: I'll just chat, no file editing";
export const CHAT_ERROR_TEXT = 'Sorry, I encountered an error. Please try again.';
export const EMPTY_HISTORY_TEXT = 'No conversation history to update the file with. Please chat first!';
export const PERSON_GREETING = 'How can I help you think about this person today?';
export const PERSON_CLEARED_TEXT = 'Chat cleared for this person. How would you like to proceed?';
/** Before the notes an answer cites (docs/chat.md#sources). */
export const SOURCES_TEXT = 'Sources';
/** The account's setting under every chat (docs/chat.md#sources). */
export const USE_OTHER_NOTES_TEXT = 'Let the coach use my other notes';
export const USE_OTHER_NOTES_ERROR_TEXT = 'Could not save this setting. Please try again.';

export interface ChatLabels {
  /** Accessible name of the whole panel. */
  title: string;
  inputLabel: string;
  placeholder: string;
  /** Under the input (also its description). */
  inputHint: string;
  send: string;
  clear: string;
  /** The confirmation banner after clearing. */
  cleared: string;
  start: string;
  updateFile: string;
  updateDoc: string;
  updateDocTitle: string;
  updateDocPrompt: string;
  updateDocPromptLabel: string;
  cancel: string;
  /** Progress line while the parent runs a file update. */
  updating: string;
  emptyHistory: string;
  typing: string;
  agentMode: string;
  askMode: string;
  /** The one line that says answers come from the offline coach (it opens the details below). */
  offlineSummary: string;
  /** Before the provider's hint, when answers come from the offline coach. */
  offline: string;
  offlineHint: string;
  /** On a message whose reply failed. */
  notSent: string;
  retry: string;
  starProgress: string;
  selectMessage: (index: number, role: ChatRole) => string;
  you: string;
  assistant: string;
}

export const DEFAULT_CHAT_LABELS: ChatLabels = {
  title: 'Chat with your coach',
  inputLabel: 'Message',
  placeholder: 'Write a message…',
  inputHint: 'Enter sends · Shift+Enter adds a line',
  send: 'Send',
  clear: 'Clear chat',
  cleared: 'Chat cleared.',
  start: 'Start chat',
  updateFile: 'Update file',
  updateDoc: 'Update doc',
  updateDocTitle: 'Update the document from the selected messages',
  updateDocPrompt: 'Update the document using the selected messages.',
  updateDocPromptLabel: 'Prompt',
  cancel: 'Cancel',
  updating: 'Updating your file…',
  emptyHistory: EMPTY_HISTORY_TEXT,
  typing: 'The coach is typing…',
  agentMode: AGENT_MODE_TEXT,
  askMode: ASK_MODE_TEXT,
  offlineSummary: 'Offline coach · connect a model',
  offline: 'Answers come from the built-in offline coach (no AI model is connected).',
  offlineHint: 'To connect a model, set AI_BASE_URL, AI_MODEL and AI_API_KEY for the chat service and restart it.',
  notSent: 'Not sent.',
  retry: 'Retry',
  starProgress: 'STAR progress',
  selectMessage: (index, role) => `Select message ${index + 1} (${role === 'user' ? 'you' : 'coach'})`,
  you: 'You',
  assistant: 'Coach',
};
