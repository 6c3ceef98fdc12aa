import type { Db, ServiceRouter } from '@cc/service-kit';
import { scoredSections } from './questionnaires';

/** `GET /coaching/questionnaire_sections`: the shared questionnaire with the user's scores for one period. */
export function questionnaireRoutes(router: ServiceRouter, db: Db): void {
  router.get('/coaching/questionnaire_sections', {}, async (_ctx, { user, query }) => ({
    success: true,
    questionnaire_type: query.type,
    period_key: query.period_key,
    ...(await scoredSections(db, user.id, query.type, query.period_key)),
    is_admin: user.isAdmin,
  }));
}
