import { defineService } from '@cc/service-kit';
import { migrations } from './migrations';
import { peopleRoutes } from './routes';
import { peopleSettings } from './settings';

export const peopleService = defineService({ name: 'people', migrations, settings: peopleSettings, routes: peopleRoutes });
