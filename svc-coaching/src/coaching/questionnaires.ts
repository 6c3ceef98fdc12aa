import type { Knex } from 'knex';
import {
  COACHING_LIMITS,
  QUESTIONNAIRE_PERIOD,
  stepPeriod,
  type Question,
  type QuestionnaireType,
  type ScoredSection,
  type Section,
} from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { T } from './tables';

export type Conn = Db | Knex.Transaction;

export interface SectionRow {
  id: number;
  questionnaire_type: QuestionnaireType;
  title: string;
  description: string;
  position: number;
}
export interface QuestionRow {
  id: number;
  section_id: number;
  title: string;
  question_text: string;
  prompt: string;
  position: number;
}

export const publicQuestion = (q: QuestionRow, type: QuestionnaireType): Question => ({
  id: q.id,
  title: q.title,
  text: q.question_text,
  prompt: q.prompt,
  position: q.position,
  onboarding_section_id: q.section_id,
  questionnaire_type: type,
});

const ORDER = [
  { column: 'position', order: 'asc' },
  { column: 'id', order: 'asc' },
] as const;

/** The questionnaire's sections by position, each with its questions by position (every questionnaire when no type). */
export async function readSections(db: Conn, type?: QuestionnaireType, sectionId?: number): Promise<Section[]> {
  const query = db(T.questionnaire_sections)
    .orderBy('questionnaire_type')
    .orderBy([...ORDER]);
  if (type) query.where({ questionnaire_type: type });
  if (sectionId) query.where({ id: sectionId });
  const sections = (await query) as SectionRow[];
  if (!sections.length) return [];
  const questions = (await db(T.questionnaire_questions)
    .whereIn(
      'section_id',
      sections.map((s) => s.id),
    )
    .orderBy([...ORDER])) as QuestionRow[];
  return sections.map((s) => ({
    id: s.id,
    title: s.title,
    description: s.description,
    position: s.position,
    questionnaire_type: s.questionnaire_type,
    questions: questions.filter((q) => q.section_id === s.id).map((q) => publicQuestion(q, s.questionnaire_type)),
  }));
}

export async function findQuestion(db: Conn, id: number): Promise<Question | 'not_found'> {
  const row = (await db(`${T.questionnaire_questions} as q`)
    .join(`${T.questionnaire_sections} as s`, 's.id', 'q.section_id')
    .where('q.id', id)
    .first('q.*', 's.questionnaire_type')) as (QuestionRow & { questionnaire_type: QuestionnaireType }) | undefined;
  return row ? publicQuestion(row, row.questionnaire_type) : 'not_found';
}

/** The recent periods of a questionnaire ending with `periodKey`, oldest first (onboarding has one). */
export function recentPeriods(type: QuestionnaireType, periodKey: string): string[] {
  if (QUESTIONNAIRE_PERIOD[type] === 'once') return [periodKey];
  const keys: string[] = [];
  for (let n = COACHING_LIMITS.recentPeriods - 1; n >= 0; n--) keys.push(stepPeriod(periodKey, -n));
  return keys;
}

/** The sections a user sees for one period: each question with the user's score and notes, and its recent scores. */
export async function scoredSections(
  db: Db,
  userId: number,
  type: QuestionnaireType,
  periodKey: string,
): Promise<{ sections: ScoredSection[]; summary: { answered: number; total: number; average_score: number | null } }> {
  const sections = await readSections(db, type);
  const questionIds = sections.flatMap((s) => s.questions.map((q) => q.id));
  const periods = recentPeriods(type, periodKey);
  const rows = questionIds.length
    ? ((await db(T.question_conversations)
        .where({ user_id: userId })
        .whereIn('question_id', questionIds)
        .whereIn('period_key', periods)
        .select('question_id', 'period_key', 'score', db.raw("(content <> '' or content_summary <> '') as has_notes"))) as {
        question_id: number;
        period_key: string;
        score: number | null;
        has_notes: boolean;
      }[])
    : [];
  const byKey = new Map(rows.map((r) => [`${r.question_id} ${r.period_key}`, r]));
  const scored: ScoredSection[] = sections.map((s) => ({
    ...s,
    questions: s.questions.map((q) => {
      const now = byKey.get(`${q.id} ${periodKey}`);
      return {
        ...q,
        score: now?.score ?? null,
        has_notes: Boolean(now?.has_notes),
        recent_scores: periods.map((p) => ({ period_key: p, score: byKey.get(`${q.id} ${p}`)?.score ?? null })),
      };
    }),
  }));
  const scores = scored.flatMap((s) => s.questions.map((q) => q.score)).filter((v): v is number => v !== null);
  return {
    sections: scored,
    summary: {
      answered: scores.length,
      total: questionIds.length,
      average_score: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    },
  };
}
