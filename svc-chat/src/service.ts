import { defineService } from '@cc/service-kit';
import { migrations } from './migrations';
import { chatRoutes } from './routes';
import { chatSettings } from './settings';

/** svc-chat: conversations and replies for every chat in the product. */
export const chatService = defineService({
  name: 'chat',
  migrations,
  settings: chatSettings,
  // A 1,000,000-character file plus 200 history entries of up to 20,000 characters (UTF-8).
  bodyLimit: '12mb',
  routes: chatRoutes,
});
