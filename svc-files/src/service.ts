import { defineService } from '@cc/service-kit';
import { migrations } from './migrations';
import { filesRoutes } from './routes';
import { filesSettings } from './settings';

export const filesService = defineService({ name: 'files', migrations, settings: filesSettings, routes: filesRoutes });
