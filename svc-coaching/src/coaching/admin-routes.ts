import { idFrom, invalid, notFound } from '@cc/service-kit';
import { COACHING_MESSAGES as M } from '@cc/contracts';
import type { Db, ServiceRouter } from '@cc/service-kit';
import { createQuestion, createSection, deleteQuestion, deleteSection, updateQuestion, updateSection } from './admin';
import { readSections } from './questionnaires';

/** What a question write that went wrong tells the admin. */
function questionProblem(problem: 'section_not_found' | 'exists' | 'not_found' | { mismatch: string }, given?: string): never {
  if (problem === 'not_found') throw notFound(M.questionNotFound);
  if (problem === 'section_not_found') throw invalid(M.sectionNotFound);
  if (problem === 'exists') throw invalid(M.questionExists);
  throw invalid(M.sectionTypeMismatch(problem.mismatch, given ?? ''));
}

const isProblem = <T extends object>(value: T | string | { mismatch: string }): value is string | { mismatch: string } =>
  typeof value === 'string' || 'mismatch' in value;

/** The questionnaire admin (docs/coaching.md#admin): administrators only (403 for anyone else). */
export function adminRoutes(router: ServiceRouter, db: Db): void {
  const admin = true;

  router.get('/coaching/admin_sections', { admin }, async (_ctx, { query }) => ({
    success: true,
    sections: await readSections(db, query.type),
  }));

  router.post('/coaching/sections', { admin }, async (ctx, { body }) => {
    const section = await createSection(db, body.section);
    if (section === 'exists') throw invalid(M.sectionExists);
    ctx.status = 201;
    return { success: true, errors: [], section };
  });

  router.patch('/coaching/sections/{id}', { admin }, async (_ctx, { params, body }) => {
    const section = await updateSection(db, idFrom(params.id, M.sectionNotFound), body.section);
    if (section === 'not_found') throw notFound(M.sectionNotFound);
    if (section === 'exists') throw invalid(M.sectionExists);
    return { success: true, errors: [], section };
  });

  router.delete('/coaching/sections/{id}', { admin }, async (_ctx, { params }) => {
    const deleted = await deleteSection(db, idFrom(params.id, M.sectionNotFound));
    if (deleted === 'not_found') throw notFound(M.sectionNotFound);
    return { success: true, errors: [], deleted_questions: deleted.questions };
  });

  router.post('/coaching/questions', { admin }, async (ctx, { body }) => {
    const question = await createQuestion(db, body.question);
    if (isProblem(question)) questionProblem(question, body.question.questionnaire_type);
    ctx.status = 201;
    return { success: true, errors: [], question };
  });

  router.patch('/coaching/questions/{id}', { admin }, async (_ctx, { params, body }) => {
    const question = await updateQuestion(db, idFrom(params.id, M.questionNotFound), body.question);
    if (isProblem(question)) questionProblem(question, body.question.questionnaire_type);
    return { success: true, errors: [], question };
  });

  router.delete('/coaching/questions/{id}', { admin }, async (_ctx, { params }) => {
    const deleted = await deleteQuestion(db, idFrom(params.id, M.questionNotFound));
    if (deleted === 'not_found') throw notFound(M.questionNotFound);
    return { success: true, errors: [], deleted_conversations: deleted.conversations };
  });
}
