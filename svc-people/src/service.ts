import { defineService } from '@cc/service-kit';
import { migrations } from './migrations';
import { peopleRoutes } from './routes';

export const peopleService = defineService({ name: 'people', migrations, routes: peopleRoutes });
