import { tableNames } from '@cc/service-kit';

/**
 * Coaching's tables, in svc-coaching's `coaching` schema. The questionnaires (sections and
 * questions) are shared by every user; plans and conversations are scoped by user_id.
 */
export const T = tableNames('coaching', [
  'coaching_plans',
  'questionnaire_sections',
  'questionnaire_questions',
  'question_conversations',
] as const);
