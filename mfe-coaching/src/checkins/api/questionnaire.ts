import type { QuestionnaireType } from '@cc/contracts/coaching-rules';
import { routeQuery } from '@cc/client/query';

/** `GET /coaching/questionnaire_sections?type=&period_key=`: the sections with the user's scores, is_admin, the summary. */
export function questionnaireQuery(type: QuestionnaireType, periodKey: string) {
  return routeQuery('GET /coaching/questionnaire_sections', { query: { type, period_key: periodKey } });
}
