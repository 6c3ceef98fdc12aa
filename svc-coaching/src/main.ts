import { runService } from '@cc/service-kit';
import { coachingService } from './service';

await runService(coachingService);
