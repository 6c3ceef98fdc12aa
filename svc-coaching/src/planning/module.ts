import { PLANNING_MESSAGES } from '@cc/contracts';
import { defineModule, modelMessages } from '@cc/service-kit';
import { actionPlanRoutes } from './action-plan-routes';
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
  routes(router, { db, modelCalls }) {
    todoRoutes(router, db);
    milestoneRoutes(router, db);
    chatActionRoutes(router, db);
    actionPlanRoutes(router, db, modelCalls(modelMessages(PLANNING_MESSAGES)));
  },
});
