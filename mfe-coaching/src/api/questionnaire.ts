import { api } from '@cc/client';

export type QuestionnaireType = 'start_of_day' | 'end_of_day' | 'start_of_week' | 'end_of_week';

export interface QuestionnaireSectionsAnswer {
  success: true;
  sections: { id: number; title?: string }[];
}

/** `GET /coaching/questionnaire_sections?type=…&period_key=…` (svc-coaching). */
export function fetchQuestionnaireSections(
  type: QuestionnaireType,
  periodKey: string,
  signal?: AbortSignal,
): Promise<QuestionnaireSectionsAnswer> {
  return api.get<QuestionnaireSectionsAnswer>('/coaching/questionnaire_sections', { query: { type, period_key: periodKey }, signal });
}
