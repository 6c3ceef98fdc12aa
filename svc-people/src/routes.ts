import type { ServiceContext, ServiceRouter } from '@cc/service-kit';
import { PEOPLE_AI_MESSAGES, peopleAi, SEARCH_AI_MESSAGES } from './ai';
import { meetingRoutes } from './meetings-routes';
import { peopleRoutes as personRoutes } from './people-routes';
import { researchRoutes } from './research-routes';
import type { PeopleSettings } from './settings';

/**
 * svc-people: people, web research, meetings and (issue 13) the About me profile. Every
 * route-table path this service owns and does not register here answers 501 (see
 * ServiceRouter.finish). Settings: settings.ts.
 */
export function peopleRoutes(router: ServiceRouter, { db, config, settings, modelCalls }: ServiceContext<PeopleSettings>): void {
  const ai = peopleAi(config.env ?? {}, modelCalls(PEOPLE_AI_MESSAGES));
  personRoutes(router, db);
  meetingRoutes(router, db, ai);
  researchRoutes(router, db, settings, modelCalls(SEARCH_AI_MESSAGES));
}
