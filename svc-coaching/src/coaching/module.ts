import { defineModule } from '@cc/service-kit';
import { ownedByPlanning } from '../planning/paths';
import { coachingMigrations } from './migrations';

/**
 * Coaching: information gathering, check-ins scored by AI, the question chat and the admin
 * (every `/coaching/*` path that is not the action plan). Its calls answer 501 until the
 * coaching issue builds them.
 */
export const coachingModule = defineModule({
  name: 'coaching',
  owns: (path) => path.startsWith('/coaching/') && !ownedByPlanning(path),
  migrations: coachingMigrations,
  routes() {},
});
