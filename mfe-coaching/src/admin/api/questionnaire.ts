import { api } from '@cc/client';
import { invalidateRoutes, routeQuery } from '@cc/client/query';
import type { QuestionFields, SectionFields } from '@cc/contracts/coaching';
import type { QuestionnaireType } from '@cc/contracts/coaching-rules';
import type { QueryClient } from '@tanstack/react-query';

/** `GET /coaching/admin_sections?type=` (admin): the questionnaire's sections and questions, unscored. */
export const adminSectionsQuery = (type: QuestionnaireType) => routeQuery('GET /coaching/admin_sections', { query: { type } });

/** `POST /coaching/sections`, or `PATCH /coaching/sections/{id}` for one that exists. */
export function saveSection(id: number | null, section: SectionFields) {
  return id === null
    ? api.call('POST /coaching/sections', { body: { section } })
    : api.call('PATCH /coaching/sections/{id}', { params: { id }, body: { section } });
}

/** `POST /coaching/questions`, or `PATCH /coaching/questions/{id}` for one that exists. */
export function saveQuestion(id: number | null, question: QuestionFields) {
  return id === null
    ? api.call('POST /coaching/questions', { body: { question } })
    : api.call('PATCH /coaching/questions/{id}', { params: { id }, body: { question } });
}

/** `DELETE /coaching/sections/{id}` (its questions and everyone's answers to them go too). */
export const deleteSection = (id: number) => api.call('DELETE /coaching/sections/{id}', { params: { id } });

/** `DELETE /coaching/questions/{id}` (everyone's conversations about it go too). */
export const deleteQuestion = (id: number) => api.call('DELETE /coaching/questions/{id}', { params: { id } });

/**
 * The questionnaire changed (an edit, a deletion, an import): the editor's list and every
 * check-in of it, the one behind the editor refreshed at once.
 */
export function questionnaireChanged(queryClient: QueryClient): Promise<void> {
  return invalidateRoutes(queryClient, 'GET /coaching/admin_sections', 'GET /coaching/questionnaire_sections');
}
