import { wellFormed } from '../well-formed';

export type ChatRole = 'user' | 'assistant';

/** One message of a conversation (what the server stores and the model sees). */
export interface ChatMessage {
  role: ChatRole;
  content: string;
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

/** Keeps only well-formed messages (stored or served data is never trusted blindly). */
export function cleanMessages(value: unknown): ChatMessage[] {
  return wellFormed(value, ({ role, content }) => (isChatRole(role) && typeof content === 'string' ? { role, content } : null));
}
