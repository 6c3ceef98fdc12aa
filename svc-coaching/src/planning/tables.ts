import { tableNames } from '@cc/service-kit';

/** Planning's tables, in svc-coaching's `coaching` schema. Every query is scoped by user_id. */
export const T = tableNames('coaching', ['todos', 'milestones', 'action_plans', 'timeline_items'] as const);
