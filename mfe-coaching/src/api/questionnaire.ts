import { api } from '@cc/client';
import type { QuestionnaireSectionsAnswer } from '@cc/contracts/coaching';
import type { QuestionnaireType } from '@cc/contracts/coaching-rules';

/** `GET /coaching/questionnaire_sections?type=&period_key=` → sections with scores, is_admin, summary */
export function fetchQuestionnaire(type: QuestionnaireType, periodKey: string, signal?: AbortSignal): Promise<QuestionnaireSectionsAnswer> {
  return api.get<QuestionnaireSectionsAnswer>('/coaching/questionnaire_sections', { query: { type, period_key: periodKey }, signal });
}
