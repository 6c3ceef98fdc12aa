import type { QuestionFields, QuestionPatch, Question, Section, SectionFields, SectionPatch } from '@cc/contracts';
import { toInt, type Db, isUniqueViolation } from '@cc/service-kit';
import { findQuestion, readSections, type Conn, type SectionRow } from './questionnaires';
import { T } from './tables';

/**
 * The questionnaire admin's writes. The questionnaires are shared (no user_id): the routes
 * let only administrators call these. Each answers the row, or what went wrong.
 */

async function findSection(db: Conn, id: number): Promise<Section | 'not_found'> {
  const [section] = await readSections(db, undefined, id);
  return section ?? 'not_found';
}

/** New sections go last unless a position is given (the section count plus 1: docs/coaching.md#admin). */
export async function createSection(db: Db, fields: SectionFields): Promise<Section | 'exists'> {
  try {
    return await db.transaction(async (trx) => {
      const position =
        fields.position ?? (await nextPosition(trx, T.questionnaire_sections, { questionnaire_type: fields.questionnaire_type }));
      const [row] = (await trx(T.questionnaire_sections)
        .insert({ questionnaire_type: fields.questionnaire_type, title: fields.title, description: fields.description, position })
        .returning('id')) as { id: number }[];
      return (await findSection(trx, row!.id)) as Section;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
}

export async function updateSection(db: Db, id: number, patch: SectionPatch): Promise<Section | 'not_found' | 'exists'> {
  const change: Record<string, unknown> = { updated_at: db.fn.now() };
  for (const key of ['title', 'description', 'position', 'questionnaire_type'] as const) {
    if (patch[key] !== undefined) change[key] = patch[key];
  }
  try {
    // The ids of the rows changed, not a count: PGlite's driver answers writes with a result object.
    const changed = await db(T.questionnaire_sections).where({ id }).update(change, ['id']);
    return changed.length ? findSection(db, id) : 'not_found';
  } catch (err) {
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
}

/** The section, its questions and every user's conversations of them, in one transaction. */
export async function deleteSection(db: Db, id: number): Promise<{ questions: number } | 'not_found'> {
  return db.transaction(async (trx) => {
    const section = await trx(T.questionnaire_sections).where({ id }).forUpdate().first('id');
    if (!section) return 'not_found';
    const questions = await trx(T.questionnaire_questions).where({ section_id: id }).delete(['id']);
    await trx(T.questionnaire_sections).where({ id }).delete();
    return { questions: questions.length };
  });
}

async function nextPosition(db: Conn, table: string, where: Record<string, unknown>): Promise<number> {
  const [{ count }] = (await db(table).where(where).count({ count: '*' })) as [{ count: string | number }];
  return toInt(count) + 1;
}

type QuestionProblem = 'section_not_found' | { mismatch: string } | 'exists';

async function sectionFor(db: Conn, sectionId: number, type: string | undefined): Promise<SectionRow | QuestionProblem> {
  const section = (await db(T.questionnaire_sections).where({ id: sectionId }).first()) as SectionRow | undefined;
  if (!section) return 'section_not_found';
  if (type && type !== section.questionnaire_type) return { mismatch: section.questionnaire_type };
  return section;
}

/** New questions go last in their section unless a position is given (the section's question count plus 1). */
export async function createQuestion(db: Db, fields: QuestionFields): Promise<Question | QuestionProblem> {
  try {
    return await db.transaction(async (trx) => {
      const section = await sectionFor(trx, fields.onboarding_section_id!, fields.questionnaire_type);
      if (typeof section === 'string' || 'mismatch' in section) return section;
      const position = fields.position ?? (await nextPosition(trx, T.questionnaire_questions, { section_id: section.id }));
      const [row] = (await trx(T.questionnaire_questions)
        .insert({ section_id: section.id, title: fields.title, question_text: fields.question_text, prompt: fields.prompt, position })
        .returning('id')) as { id: number }[];
      return (await findQuestion(trx, row!.id)) as Question;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
}

export async function updateQuestion(db: Db, id: number, patch: QuestionPatch): Promise<Question | QuestionProblem | 'not_found'> {
  try {
    return await db.transaction(async (trx) => {
      const current = await findQuestion(trx, id);
      if (current === 'not_found') return current;
      const sectionId = patch.onboarding_section_id ?? current.onboarding_section_id;
      const section = await sectionFor(trx, sectionId, patch.questionnaire_type);
      if (typeof section === 'string' || 'mismatch' in section) return section;
      const change: Record<string, unknown> = { updated_at: trx.fn.now(), section_id: sectionId };
      if (patch.title !== undefined) change.title = patch.title;
      if (patch.question_text !== undefined) change.question_text = patch.question_text;
      if (patch.prompt !== undefined) change.prompt = patch.prompt;
      if (patch.position !== undefined) change.position = patch.position;
      await trx(T.questionnaire_questions).where({ id }).update(change);
      return (await findQuestion(trx, id)) as Question;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
}

/** The question and every user's conversations of it, in one transaction. */
export async function deleteQuestion(db: Db, id: number): Promise<{ conversations: number } | 'not_found'> {
  return db.transaction(async (trx) => {
    const question = await trx(T.questionnaire_questions).where({ id }).forUpdate().first('id');
    if (!question) return 'not_found';
    const conversations = await trx(T.question_conversations).where({ question_id: id }).delete(['id']);
    await trx(T.questionnaire_questions).where({ id }).delete();
    return { conversations: conversations.length };
  });
}
