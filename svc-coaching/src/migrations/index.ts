import { moduleMigrations } from '@cc/service-kit';
import { coachingModule } from '../coaching/module';
import { planningModule } from '../planning/module';

/**
 * svc-coaching's schema changes, applied in order into the `coaching` schema: each module keeps
 * its own list (planning/migrations, coaching/migrations), named after it (`planning/001_…`).
 */
export const migrations = moduleMigrations([planningModule, coachingModule]);
