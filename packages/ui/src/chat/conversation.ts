import { isInterviewStories, starComplete, starFromMessages, starStatus, type StarPhase, type StarProgress } from '@cc/contracts/star';
import { readStored } from '../storage';
import { isPersonKey } from './keys';
import { PERSON_GREETING } from './labels';
import { cleanMessages, type ChatMessage, type CitedMessage, type ConversationKey } from './types';

/** Automatic update minimum for interview stories while the STAR context is gathered. */
export const STAR_MIN_CONVERSATION_LENGTH = 6;

/**
 * 'failed' is the user's message whose reply failed: still shown, but the coach never answered
 * it (the server did not store it), so it is never history, a selection or file content.
 */
export type ItemKind = 'greeting' | 'notice' | 'error' | 'failed';

/** A line of the chat log. */
export interface Item extends CitedMessage {
  /** Lines shown but not part of the conversation (not stored, not sent, not selectable). */
  kind?: ItemKind;
  /** The one line svc-chat says once, shown under this answer (never stored: docs/chat.md#sources). */
  notice?: string;
  /** An error line: the user's line whose reply failed (a retry takes both away). */
  about?: Item;
}

/** What `chat:{folder/file}` holds (the conversation of docs/dashboard.md#file-chat, with its STAR progress). */
export interface StoredConversation {
  /** An answer keeps the notes it cites, so a reload shows its links at once. */
  conversationHistory: CitedMessage[];
  starProgress?: StarProgress;
  currentStarPhase?: StarPhase;
  contextGatheringPhase?: boolean;
}

export function loadStoredConversation(storageKey: string | null): CitedMessage[] {
  if (!storageKey) return [];
  const stored = readStored<unknown>(storageKey);
  if (Array.isArray(stored)) return cleanMessages(stored);
  if (stored && typeof stored === 'object') {
    const s = stored as { conversationHistory?: unknown; messages?: unknown };
    return cleanMessages(s.conversationHistory ?? s.messages);
  }
  return [];
}

/** The value stored for `history`; interview stories also keep their STAR progress. */
export function toStoredConversation(key: ConversationKey, history: CitedMessage[]): StoredConversation {
  const value: StoredConversation = { conversationHistory: history };
  if (!isPersonKey(key) && isInterviewStories(key.folder ?? '')) {
    const progress = starFromMessages(history);
    value.starProgress = progress;
    value.currentStarPhase = starStatus(progress).phase;
    value.contextGatheringPhase = !starComplete(progress);
  }
  return value;
}

export const historyOf = (items: readonly Item[]): ChatMessage[] =>
  items.filter((i) => !i.kind).map(({ role, content }) => ({ role, content }));

/** The conversation as it is kept in the browser: the history, each answer with the notes it cites. */
export const storedHistoryOf = (items: readonly Item[]): CitedMessage[] =>
  items
    .filter((i) => !i.kind)
    .map(({ role, content, references }) => (references && references.length > 0 ? { role, content, references } : { role, content }));

export function defaultGreeting(key: ConversationKey): string {
  if (isPersonKey(key)) return PERSON_GREETING;
  if (key.folder && isInterviewStories(key.folder)) {
    return "Let's shape this interview story with the STAR method. Start with the **Situation**: where were you, and what was going on?";
  }
  const name = (key.fileName ?? '').replace(/\.md$/i, '').trim();
  if (name) return `Hi! Let's work on **${name}**. Ask me anything about it, or tell me what you'd like to change.`;
  return 'Hi! How can I help you today?';
}

/**
 * The conversation length from which a file update is due. `progress` is the STAR progress of
 * an interview story (null otherwise): until it is complete, the story needs more context.
 */
export function updateThreshold(progress: StarProgress | null, minConversationLength: number | undefined): number {
  return progress && !starComplete(progress) ? STAR_MIN_CONVERSATION_LENGTH : (minConversationLength ?? 3);
}
