import { composeModules, defineService } from '@cc/service-kit';
import { coachingModule } from './coaching/module';
import { planningModule } from './planning/module';

/**
 * svc-coaching: two domains in one service, one schema and one process, each a module with its
 * own routes, migrations and tests (planning/, coaching/). Every route-table path it owns that
 * no module registers answers 501 (ServiceRouter.finish).
 */
export const coachingService = defineService({ name: 'coaching', ...composeModules([planningModule, coachingModule]) });
