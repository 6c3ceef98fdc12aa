import { moduleRoutes } from '@cc/service-kit';
import { coachingModule } from './coaching/module';
import { planningModule } from './planning/module';
import type { coachingSettings } from './settings';

/**
 * svc-coaching's routes: two domains, each a module that registers only the paths it owns
 * (planning: `/planning/*` and the action plan; coaching: the rest of `/coaching/*`). Every
 * route-table path of the service that no module registers answers 501 (ServiceRouter.finish).
 */
export const coachingRoutes = moduleRoutes<typeof coachingSettings>([planningModule, coachingModule]);
