import { runService } from '@cc/service-kit';
import { filesService } from './service';

await runService(filesService);
