import { defineService } from '@cc/service-kit';
import { migrations } from './migrations';
import { chatRoutes } from './routes';

export const chatService = defineService({ name: 'chat', migrations, routes: chatRoutes });
