import type { ChatReference } from '@cc/contracts';
import { wellFormed } from '../well-formed';

export type ChatRole = 'user' | 'assistant';

/** One message of a conversation (what the server stores and the model sees). */
export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/**
 * A message as the server stores it: an assistant answer may cite the user's other notes as
 * `[n]` (docs/chat.md#sources). The references are shown, never sent back as history.
 */
export interface CitedMessage extends ChatMessage {
  references?: ChatReference[];
}

/** A message the user selected in the chat view (index = its place in the history). */
export interface SelectedMessage extends ChatMessage {
  index: number;
}

export type ChatMode = 'agent' | 'ask';

/** A file's conversation: by file id, or by folder and file name (journal, planning, coaching). */
export interface FileConversationKey {
  fileId?: number | string | null;
  folder?: string | null;
  fileName?: string | null;
  personId?: undefined;
}

/** A person's conversation (people chat). */
export interface PersonConversationKey {
  personId: number | string;
}

export type ConversationKey = FileConversationKey | PersonConversationKey;

/** What `POST /ai_chat/send_message` gets before a caller's `buildPayload` adds to it. */
export interface SendMessagePayload {
  message: string;
  mode: ChatMode;
  /** Absent when the client has no copy of the conversation: svc-chat uses the stored one (docs/chat.md#replies). */
  conversation_history?: ChatMessage[];
  file_content?: string;
  file_name?: string;
  folder?: string;
  file_id?: number | string;
  person_id?: number | string;
}

/** `GET /ai_chat/status` */
export interface ChatStatus {
  success?: boolean;
  provider: 'offline' | 'openai-compatible' | string;
  model?: string;
  hint?: string;
}

export const isChatRole = (value: unknown): value is ChatRole => value === 'user' || value === 'assistant';

const isText = (value: unknown): value is string => typeof value === 'string';

/** The well-formed references of a stored or served answer (each field as the contract has it). */
export function cleanReferences(value: unknown): ChatReference[] {
  return wellFormed(value, ({ n, kind, id, title, url, snippet }) =>
    typeof n === 'number' && Number.isInteger(n) && n >= 1 && isText(kind) && isText(id) && isText(title) && isText(url) && isText(snippet)
      ? { n, kind: kind as ChatReference['kind'], id, title, url, snippet }
      : null,
  );
}

/**
 * Keeps only well-formed messages (stored or served data is never trusted blindly); an assistant
 * answer keeps the references it cites.
 */
export function cleanMessages(value: unknown): CitedMessage[] {
  return wellFormed(value, ({ role, content, references }) => {
    if (!isChatRole(role) || typeof content !== 'string') return null;
    const cited = role === 'assistant' ? cleanReferences(references) : [];
    return cited.length > 0 ? { role, content, references: cited } : { role, content };
  });
}
