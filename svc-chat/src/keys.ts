import { isPlanningChatFile, PLANNING_CHAT, type ConversationKeyInput } from '@cc/contracts';

/**
 * Which conversation a request means. A conversation belongs to one user and one key; the
 * key comes from the request's fields in this order of precedence, when several are given:
 *   1. file_id                → `file:<id>`        (the dashboard file chat)
 *   2. person_id              → `person:<id>`      (the people chat)
 *   3. folder + file_name     → `path:["<folder>","<file_name>"]` (planning, journal,
 *                                coaching, meeting chats; a file without an id). The planning
 *                                chat names its tab's file (all_todos.md, milestones.md, …):
 *                                those are all `path:["planning","planning.md"]`, one
 *                                conversation, so the assistant remembers across tabs.
 * So `file_id=7` and `folder=a&file_name=b.md` are two different conversations even when they
 * name the same file: each client always asks with the key it sends messages with.
 */
export type ConversationKind = 'file' | 'person' | 'path';

export interface ConversationKey {
  kind: ConversationKind;
  /** The stored key (unique per user). */
  key: string;
  /** Set for person conversations: whose profile to fetch for the model. */
  personId?: number;
}

/** Postgres text cannot hold NUL; nothing a user types contains one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this removes
export const withoutNul = (s: string): string => (s.includes('\u0000') ? s.replace(/\u0000/g, '') : s);

export function conversationKey(input: ConversationKeyInput): ConversationKey | undefined {
  if (input.file_id !== undefined) return { kind: 'file', key: `file:${input.file_id}` };
  if (input.person_id !== undefined) return { kind: 'person', key: `person:${input.person_id}`, personId: input.person_id };
  const folder = withoutNul(input.folder?.trim() ?? '');
  const fileName = withoutNul(input.file_name?.trim() ?? '');
  // JSON keeps "a/b" + "c" apart from "a" + "b/c".
  if (folder && fileName) {
    const file = isPlanningChatFile(folder, fileName) ? PLANNING_CHAT.conversationFile : fileName;
    return { kind: 'path', key: `path:${JSON.stringify([folder, file])}` };
  }
  return undefined;
}
