import { api } from '@cc/client';
import type {
  CoachingChatMessage,
  QuestionConversationAnswer,
  QuestionReplyAnswer,
  QuestionSummaryAnswer,
  SaveQuestionContentAnswer,
} from '@cc/contracts/coaching';

export interface QuestionPeriod {
  questionId: number;
  periodKey: string;
}

const keyOf = ({ questionId, periodKey }: QuestionPeriod) => ({ question_id: questionId, period_key: periodKey });

/** `GET /coaching/onboarding_conversation?question_id=&period_key=` */
export function fetchConversation(at: QuestionPeriod, signal?: AbortSignal): Promise<QuestionConversationAnswer> {
  return api.get<QuestionConversationAnswer>('/coaching/onboarding_conversation', { query: keyOf(at), signal });
}

/** `POST /coaching/onboarding_send_message` → the coach's reply and the new score */
export function sendQuestionMessage(at: QuestionPeriod, message: string, signal?: AbortSignal): Promise<QuestionReplyAnswer> {
  return api.post<QuestionReplyAnswer>('/coaching/onboarding_send_message', { ...keyOf(at), message }, { signal });
}

export type NoteField = 'content' | 'content_summary';

/** `POST /coaching/onboarding_save_content`: one text, guarded by the revision it is based on (stale: 409). */
export function saveNote(
  at: QuestionPeriod,
  field: NoteField,
  text: string,
  guard: { revision?: number; saveId?: string },
  keepalive = false,
): Promise<SaveQuestionContentAnswer> {
  const body = {
    ...keyOf(at),
    [field]: text,
    ...(guard.revision !== undefined ? { revision: guard.revision } : {}),
    ...(guard.saveId ? { save_id: guard.saveId } : {}),
  };
  return api.post<SaveQuestionContentAnswer>('/coaching/onboarding_save_content', body, { keepalive });
}

/** The chat's Clear: the messages and their score go on the server, the notes stay. */
export function clearQuestionChat(at: QuestionPeriod): Promise<SaveQuestionContentAnswer> {
  return api.post<SaveQuestionContentAnswer>('/coaching/onboarding_save_content', { ...keyOf(at), clear_messages: true });
}

/** `POST /coaching/onboarding_generate_summary` → summary (also stored as the AI summary) */
export function generateSummary(at: QuestionPeriod, content: string, messages: CoachingChatMessage[]): Promise<QuestionSummaryAnswer> {
  return api.post<QuestionSummaryAnswer>('/coaching/onboarding_generate_summary', { ...keyOf(at), content, messages });
}
