import type { Migration } from '@cc/service-kit';

/** Planning's tables (todos, milestones, action plans, timeline items), in the `coaching` schema. */
export const planningMigrations: Migration[] = [];
