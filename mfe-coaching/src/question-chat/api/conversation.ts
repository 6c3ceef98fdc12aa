import { api } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import type { CoachingChatMessage } from '@cc/contracts/coaching';

export interface QuestionPeriod {
  questionId: number;
  periodKey: string;
}

const keyOf = ({ questionId, periodKey }: QuestionPeriod) => ({ question_id: questionId, period_key: periodKey });

/**
 * `GET /coaching/onboarding_conversation?question_id=&period_key=`. The open modal is its only
 * reader, and what it shows moves on from there (replies, notes): forgotten once closed
 * (`gcTime: 0`), so opening the question again asks the server for where it is now.
 */
export function conversationQuery(at: QuestionPeriod) {
  return { ...routeQuery('GET /coaching/onboarding_conversation', { query: keyOf(at) }), gcTime: 0 };
}

/** `POST /coaching/onboarding_send_message` → the coach's reply and the new score */
export function sendQuestionMessage(at: QuestionPeriod, message: string) {
  return api.call('POST /coaching/onboarding_send_message', { body: { ...keyOf(at), message } });
}

export type NoteField = 'content' | 'content_summary';

/** `POST /coaching/onboarding_save_content`: one text, guarded by the revision it is based on (stale: 409). */
export function saveNote(
  at: QuestionPeriod,
  field: NoteField,
  text: string,
  guard: { revision?: number; saveId?: string },
  keepalive = false,
) {
  const body = {
    ...keyOf(at),
    ...(field === 'content' ? { content: text } : { content_summary: text }),
    ...(guard.revision !== undefined ? { revision: guard.revision } : {}),
    ...(guard.saveId ? { save_id: guard.saveId } : {}),
  };
  return api.call('POST /coaching/onboarding_save_content', { body }, { keepalive });
}

/** The chat's Clear: the messages and their score go on the server, the notes stay. */
export function clearQuestionChat(at: QuestionPeriod) {
  return api.call('POST /coaching/onboarding_save_content', { body: { ...keyOf(at), clear_messages: true } });
}

/** `POST /coaching/onboarding_generate_summary` → summary (also stored as the AI summary) */
export function generateSummary(at: QuestionPeriod, content: string, messages: CoachingChatMessage[]) {
  return api.call('POST /coaching/onboarding_generate_summary', { body: { ...keyOf(at), content, messages } });
}

/** `POST /ai_chat/suggest_edits`: the notes rewritten from the conversation (the file chat's call; nothing is stored). */
export function suggestNoteEdits(notes: { content: string; fileName: string; folder: string }, history: CoachingChatMessage[]) {
  return api.call('POST /ai_chat/suggest_edits', {
    body: {
      message: 'Update my notes for this question from our conversation.',
      file_content: notes.content,
      file_name: notes.fileName,
      folder: notes.folder,
      conversation_history: history,
    },
  });
}
