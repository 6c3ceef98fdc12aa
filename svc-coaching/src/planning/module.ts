import { defineModule } from '@cc/service-kit';
import { actionPlanRoutes } from './action-plan-routes';
import { PLANNING_AI_MESSAGES, planningAi } from './ai';
import { chatActionRoutes } from './chat-actions-routes';
import { planningMigrations } from './migrations';
import { milestoneRoutes } from './milestones-routes';
import { ownedByPlanning } from './paths';
import { todoRoutes } from './todos-routes';

/**
 * Planning: todos, milestones, the planning chat's actions, the action plan and its weekly
 * timeline (`/planning/*` and the action-plan paths under `/coaching`). See the README.
 */
export const planningModule = defineModule({
  name: 'planning',
  owns: ownedByPlanning,
  migrations: planningMigrations,
  routes(router, { db, config, modelCalls }) {
    todoRoutes(router, db);
    milestoneRoutes(router, db);
    chatActionRoutes(router, db);
    actionPlanRoutes(router, db, planningAi(config.env ?? {}, modelCalls(PLANNING_AI_MESSAGES)));
  },
});
