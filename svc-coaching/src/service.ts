import { defineService } from '@cc/service-kit';
import { migrations } from './migrations';
import { coachingRoutes } from './routes';

export const coachingService = defineService({ name: 'coaching', migrations, routes: coachingRoutes });
