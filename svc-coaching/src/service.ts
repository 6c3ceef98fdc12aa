import { defineService, type ServiceDefinition } from '@cc/service-kit';
import { migrations } from './migrations';
import { coachingRoutes } from './routes';
import { coachingSettings } from './settings';

/**
 * svc-coaching: two domains in one service, one schema and one process, each a module with its
 * own routes, migrations and tests (planning/, coaching/).
 */
// Typed as any service is, so a map of every service (the embedded gateway's) still takes it
// beside services whose settings have nothing in common with its own.
export const coachingService: ServiceDefinition = defineService({
  name: 'coaching',
  migrations,
  settings: coachingSettings,
  routes: coachingRoutes,
});
