import type { ChatPage } from '@cc/ai';
import {
  isAnswerMessage,
  lastPeriodLabel,
  QUESTIONNAIRE_PERIOD,
  stepPeriod,
  type Question,
  type QuestionConversationAnswer,
} from '@cc/contracts';
import { plainLine } from '@cc/contracts/text';
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

/** What the same question held the period before: its key, its answer (whole) and its score. */
export interface PreviousPeriod {
  periodKey: string;
  answer: string;
  score: number | null;
}

/**
 * What the same question held the period before: its notes, or else the user's last answer in
 * its chat (the automatic first message is none), with its score; undefined when it has neither.
 * The coach's page and the conversation's look back both read it here.
 */
export async function previousPeriod(db: Db, key: ConversationKey, question: Question): Promise<PreviousPeriod | undefined> {
  const periodKey = previousPeriodKey(question, key.periodKey);
  if (!periodKey) return undefined;
  const before = await readConversation(db, { ...key, periodKey });
  const answer = before.content.trim() || before.messages.filter(isAnswerMessage).at(-1)?.content.trim() || '';
  return answer ? { periodKey, answer, score: before.score } : undefined;
}

/** The previous period's answer as the coach is handed it, bounded. */
export async function previousAnswer(db: Db, key: ConversationKey, question: Question): Promise<CheckinPage['previous']> {
  const previous = await previousPeriod(db, key, question);
  return previous ? { periodKey: previous.periodKey, answer: clip(previous.answer, PREVIOUS_ANSWER_CHARS) } : undefined;
}

export type PreviousLook = NonNullable<QuestionConversationAnswer['previous']>;

/**
 * The look back a question's conversation answers (docs/coaching.md#look-back): the period before,
 * named as the person says it ("Last week"), its score and the first line of its answer; null
 * when it holds nothing (and for onboarding, which has no period before).
 */
export async function previousLook(db: Db, key: ConversationKey, question: Question): Promise<PreviousLook | null> {
  const kind = QUESTIONNAIRE_PERIOD[question.questionnaire_type];
  if (kind === 'once') return null;
  const previous = await previousPeriod(db, key, question);
  const line = previous ? plainLine(previous.answer) : '';
  return previous && line ? { period_key: previous.periodKey, label: lastPeriodLabel(kind), score: previous.score, line } : null;
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
