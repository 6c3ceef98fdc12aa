import { runService } from '@cc/service-kit';
import { chatService } from './service';

await runService(chatService);
