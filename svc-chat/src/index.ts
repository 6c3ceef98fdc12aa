export { chatService } from './service';
