import type { ServiceContext, ServiceRouter } from '@cc/service-kit';
import { PEOPLE_AI_MESSAGES, peopleAi, SEARCH_AI_MESSAGES } from './ai';
import { meetingRoutes } from './meetings-routes';
import { peopleRoutes as personRoutes } from './people-routes';
import { PROFILE_AI_MESSAGES } from './profile/ai';
import { profileRoutes } from './profile/routes';
import { researchRoutes } from './research-routes';
import type { PeopleSettings } from './settings';

/**
 * svc-people: people, web research, meetings and the About me profile (profile/). Every
 * route-table path this service owns and does not register here answers 501 (see
 * ServiceRouter.finish). Settings: settings.ts.
 */
export function peopleRoutes(router: ServiceRouter, { db, config, settings, modelCalls, log }: ServiceContext<PeopleSettings>): void {
  const ai = peopleAi(config.env ?? {}, modelCalls(PEOPLE_AI_MESSAGES));
  personRoutes(router, db);
  meetingRoutes(router, db, ai);
  researchRoutes(router, db, settings, modelCalls(SEARCH_AI_MESSAGES));
  const profileCalls = modelCalls(PROFILE_AI_MESSAGES);
  profileRoutes(router, {
    db,
    settings,
    ai: peopleAi(config.env ?? {}, profileCalls),
    calls: modelCalls(SEARCH_AI_MESSAGES),
    log,
    env: config.env ?? {},
  });
}
