import { CHECKIN_ANSWERS_LIMITS as L, COACHING_MESSAGES, type CheckinAnswer, type QuestionnaireType } from '@cc/contracts';
import type { Db, ServiceRouter } from '@cc/service-kit';
import { T } from './tables';

interface Row {
  question_id: number;
  question_title: string;
  questionnaire_type: QuestionnaireType;
  period_key: string;
  messages: { role: string; content: string }[] | string;
  content: string;
  content_summary: string;
  score: number | null;
  updated_at: Date | string;
}

// The automatic first message is the question, not the user's answer (docs/coaching.md#question-chat).
const opener = COACHING_MESSAGES.reflectingOn('');

function answerOf(row: Row): string {
  if (row.content_summary.trim()) return row.content_summary.trim();
  if (row.content.trim()) return row.content.trim();
  const messages = typeof row.messages === 'string' ? (JSON.parse(row.messages) as { role: string; content: string }[]) : row.messages;
  return messages
    .filter((m) => m.role === 'user' && !m.content.startsWith(opener) && m.content.trim())
    .map((m) => m.content.trim())
    .join('\n');
}

/**
 * GET /coaching/checkin_answers: what the user wrote in their check-ins, latest first, each
 * with its question and period (svc-people writes the About me profile from them).
 */
export function checkinAnswersRoutes(router: ServiceRouter, db: Db): void {
  router.get('/coaching/checkin_answers', {}, async (_ctx, { user, query }) => {
    const rows = (await db(`${T.question_conversations} as c`)
      .join(`${T.questionnaire_questions} as q`, 'q.id', 'c.question_id')
      .join(`${T.questionnaire_sections} as s`, 's.id', 'q.section_id')
      .where('c.user_id', user.id)
      .andWhere((w) => w.whereNot('c.content_summary', '').orWhereNot('c.content', '').orWhereRaw('jsonb_array_length(c.messages) > 1'))
      .orderBy('c.updated_at', 'desc')
      // A chat of only the opener is left out below: read a few more than asked.
      .limit(query.limit * 2)
      .select(
        'c.question_id',
        'q.title as question_title',
        's.questionnaire_type',
        'c.period_key',
        'c.messages',
        'c.content',
        'c.content_summary',
        'c.score',
        'c.updated_at',
      )) as Row[];
    const answers: CheckinAnswer[] = [];
    for (const row of rows) {
      const answer = answerOf(row);
      if (!answer) continue;
      answers.push({
        question_id: row.question_id,
        question_title: row.question_title,
        questionnaire_type: row.questionnaire_type,
        period_key: row.period_key,
        answer: answer.length > L.answer ? `${answer.slice(0, L.answer - 1)}…` : answer,
        score: row.score,
        updated_at: new Date(row.updated_at).toISOString(),
      });
      if (answers.length >= query.limit) break;
    }
    return { success: true, answers };
  });
}
