export { chatService, createChatService, type ChatServiceOptions } from './service';
