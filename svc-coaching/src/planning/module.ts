import { defineModule } from '@cc/service-kit';
import { planningMigrations } from './migrations';
import { ownedByPlanning } from './paths';

/**
 * Planning: todos, milestones, the planning chat, the 53-week action plan and its timeline
 * (`/planning/*` and the action-plan paths under `/coaching`). Its calls answer 501 until the
 * planning issue builds them.
 */
export const planningModule = defineModule({
  name: 'planning',
  owns: ownedByPlanning,
  migrations: planningMigrations,
  routes() {},
});
