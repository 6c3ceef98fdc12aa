import { runService } from '@cc/service-kit';
import { identityService } from './service';

await runService(identityService);
