import type { Migration } from '@cc/service-kit';
import { todosAndMilestones } from './001_todos_milestones';
import { actionPlans } from './002_action_plans';

/** Planning's tables (todos, milestones, action plans, timeline items), in the `coaching` schema. */
export const planningMigrations: Migration[] = [todosAndMilestones, actionPlans];
