import { runService } from '@cc/service-kit';
import { peopleService } from './service';

await runService(peopleService);
