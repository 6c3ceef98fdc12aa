import type { ChatPage } from '@cc/ai';
import { isAnswerMessage, QUESTIONNAIRE_PERIOD, stepPeriod, type Question } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { readConversation, type ConversationKey } from './conversations';

type CheckinPage = Extract<ChatPage, { kind: 'checkin' }>;

/** How much of the previous period's answer the coach is handed (docs/coaching.md#question-chat). */
export const PREVIOUS_ANSWER_CHARS = 1500;

/** The period before `periodKey` for the question's questionnaire; onboarding (answered once) has none. */
export function previousPeriodKey(question: Question, periodKey: string): string | undefined {
  if (QUESTIONNAIRE_PERIOD[question.questionnaire_type] === 'once') return undefined;
  try {
    return stepPeriod(periodKey, -1);
  } catch {
    // The first period there can be (year 1000): nothing before it.
    return undefined;
  }
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * What the same question held the period before: its notes, or else the user's last answer in
 * its chat (the automatic first message is none), bounded; undefined when it has neither.
 */
export async function previousAnswer(db: Db, key: ConversationKey, question: Question): Promise<CheckinPage['previous']> {
  const periodKey = previousPeriodKey(question, key.periodKey);
  if (!periodKey) return undefined;
  const before = await readConversation(db, { ...key, periodKey });
  const answer = before.content.trim() || before.messages.filter(isAnswerMessage).at(-1)?.content.trim() || '';
  return answer ? { periodKey, answer: clip(answer, PREVIOUS_ANSWER_CHARS) } : undefined;
}

/** The check-in question's page for its chat: the question, how to coach it, the period and the previous one's answer. */
export async function checkinPage(db: Db, key: ConversationKey, question: Question): Promise<CheckinPage> {
  const previous = await previousAnswer(db, key, question);
  return {
    kind: 'checkin',
    questionTitle: question.title,
    question: question.text,
    ...(question.prompt.trim() ? { prompt: question.prompt } : {}),
    periodKey: key.periodKey,
    ...(previous ? { previous } : {}),
  };
}
