import { defineService } from '@cc/service-kit';
import { migrations } from './migrations';
import { filesRoutes } from './routes';

export const filesService = defineService({ name: 'files', migrations, routes: filesRoutes });
