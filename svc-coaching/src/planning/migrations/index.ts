import type { Migration } from '@cc/service-kit';
import { todosAndMilestones } from './001_todos_milestones';
import { actionPlans } from './002_action_plans';
import { todoSources } from './003_todo_sources';
import { todoListOrder } from './004_todo_list_order';
import { planningSearch } from './005_search';
import { planningTrash } from './006_trash';
import { planningListsNotify } from './007_lists_notify';

/** Planning's tables (todos and their sources, milestones, action plans, timeline items), their search vectors, the trash and the lists' change notifications, in the `coaching` schema. */
export const planningMigrations: Migration[] = [
  todosAndMilestones,
  actionPlans,
  todoSources,
  todoListOrder,
  planningSearch,
  planningTrash,
  planningListsNotify,
];
