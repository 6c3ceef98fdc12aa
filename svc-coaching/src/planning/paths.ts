/** The action plan and its timeline live under /coaching in the documented calls, but belong to planning (docs/architecture.md#route-ownership). */
const ACTION_PLAN_PATHS = new Set([
  '/coaching/current_action_plan',
  '/coaching/create_empty_action_plan',
  '/coaching/timeline_items',
  '/coaching/save_timeline_item',
  '/coaching/week_prompt',
  '/coaching/generate_action_plan',
  '/coaching/archived_action_plans',
  '/coaching/restore_action_plan',
]);

/** Planning: todos, milestones, the planning chat, the 53-week action plan and its timeline. */
export const ownedByPlanning = (path: string): boolean => path.startsWith('/planning/') || ACTION_PLAN_PATHS.has(path);
