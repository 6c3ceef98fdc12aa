import type { QueryValue } from '@cc/client';
import type { ChatMessage, ChatMode, ConversationKey, PersonConversationKey, SendMessagePayload } from './types';

export function isPersonKey(key: ConversationKey): key is PersonConversationKey {
  return key.personId !== undefined && key.personId !== null && key.personId !== '';
}

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/**
 * Where the browser keeps a conversation: `chat:{folder}/{file}` (docs/chat.md#in-the-browser), or
 * `chat:person/{id}` for a person. A file known only by id: `chat:file/{id}`. Null when the
 * key names nothing (nothing is stored then).
 */
export function chatStorageKey(key: ConversationKey): string | null {
  if (isPersonKey(key)) return `chat:person/${key.personId}`;
  if (present(key.folder) && present(key.fileName)) return `chat:${key.folder}/${key.fileName}`;
  if (present(key.fileId)) return `chat:file/${key.fileId}`;
  return null;
}

/** The query of `GET /ai_chat/conversation`: file_id, or folder + file_name, or person_id. */
export function conversationQuery(key: ConversationKey): Record<string, QueryValue> {
  if (isPersonKey(key)) return { person_id: key.personId };
  if (present(key.fileId)) return { file_id: key.fileId };
  return { folder: key.folder ?? '', file_name: key.fileName ?? '' };
}

/** The body of `POST /ai_chat/clear_conversation` (same choice as the query). */
export function clearConversationBody(key: ConversationKey): Record<string, string | number> {
  if (isPersonKey(key)) return { person_id: key.personId };
  if (present(key.fileId)) return { file_id: key.fileId as string | number };
  return { folder: key.folder ?? '', file_name: key.fileName ?? '' };
}

/**
 * The documented send_message payload for this conversation. Files: message, file_content
 * (empty until the caller adds it), file_name, folder, mode, conversation_history, file_id.
 * People: message, mode always 'ask', person_id, conversation_history (docs/people.md#person-chat).
 * Without `history` there is no conversation_history: svc-chat then uses its stored messages.
 */
export function baseSendPayload(
  key: ConversationKey,
  message: string,
  history: ChatMessage[] | undefined,
  mode: ChatMode,
): SendMessagePayload {
  const sent = history ? { conversation_history: history } : {};
  if (isPersonKey(key)) return { message, mode: 'ask', person_id: key.personId, ...sent };
  const payload: SendMessagePayload = {
    message,
    file_content: '',
    file_name: key.fileName ?? '',
    folder: key.folder ?? '',
    mode,
    ...sent,
  };
  if (present(key.fileId)) payload.file_id = key.fileId as string | number;
  return payload;
}
