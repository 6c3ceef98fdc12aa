import { defineService } from '@cc/service-kit';
import { migrations } from './migrations';
import { coachingRoutes } from './routes';
import { coachingSettings } from './settings';

/**
 * svc-coaching: two domains in one service, one schema and one process, each a module with its
 * own routes, migrations and tests (planning/, coaching/).
 */
export const coachingService = defineService({ name: 'coaching', migrations, settings: coachingSettings, routes: coachingRoutes });
