import { api } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import { queryOptions } from '@tanstack/react-query';
import { localIsoDate } from '@cc/contracts/periods';

/**
 * The plan and its weeks are read again each time the tab opens (the page prefetches them as the
 * tab's code loads, see `prefetchPlan`; a page load's first showing takes the shell's early reads),
 * not only when 30 s old: another tab or device may have written a week since.
 */
const ON_EACH_VISIT = { staleTime: 0, refetchOnMount: false } as const;

/** `GET /coaching/current_action_plan` → has_plan, plan */
export const currentPlanQuery = () =>
  queryOptions({ ...routeQuery('GET /coaching/current_action_plan', undefined, { client: api }), ...ON_EACH_VISIT });

/** `GET /coaching/timeline_items` → items[period_key, content, outcomes, revision], migration_needed */
export const timelineItemsQuery = () =>
  queryOptions({ ...routeQuery('GET /coaching/timeline_items', undefined, { client: api }), ...ON_EACH_VISIT });

/** `GET /coaching/week_prompt?period_key=&week_label=` → prompt: built from what is true now, so asked on each opening. */
export const weekPromptQuery = (periodKey: string, weekLabel: string) =>
  queryOptions({
    ...routeQuery('GET /coaching/week_prompt', { query: { period_key: periodKey, week_label: weekLabel } }, { client: api }),
    staleTime: 0,
    gcTime: 0,
  });

/** `GET /coaching/archived_action_plans` → plans (newest first) */
export const archivedPlansQuery = () => routeQuery('GET /coaching/archived_action_plans', undefined, { client: api });

/** `POST /coaching/create_empty_action_plan`: a new plan; the current one (if any) is archived. */
export const createEmptyPlan = () => api.call('POST /coaching/create_empty_action_plan');

/**
 * `POST /coaching/save_timeline_item {period_type, period_key, content, revision?, save_id?}`:
 * a stale revision is refused with 409 `current{content, revision, save_id?}`.
 */
export function saveTimelineItem(
  periodKey: string,
  content: string,
  guard: { revision?: number; saveId?: string },
  options?: { keepalive?: boolean },
) {
  const body = {
    period_type: 'week' as const,
    period_key: periodKey,
    content,
    ...(guard.revision !== undefined ? { revision: guard.revision } : {}),
    ...(guard.saveId ? { save_id: guard.saveId } : {}),
  };
  return api.call('POST /coaching/save_timeline_item', { body }, { keepalive: options?.keepalive });
}

/**
 * `POST /coaching/generate_action_plan {prompt, period_key, period_type, today}` → item{outcomes, actions} (the outcomes
 * are stored on the week). `today` is the user's own date, so the plan starts on it wherever the server is.
 */
export const generateWeekPlan = (prompt: string, periodKey: string, signal?: AbortSignal, today = localIsoDate()) =>
  api.call('POST /coaching/generate_action_plan', { body: { prompt, period_key: periodKey, period_type: 'week', today } }, { signal });

/**
 * `POST /coaching/restore_action_plan {plan_id}`: the archived plan becomes the current one
 * again with its weeks; the current plan is archived (or dropped when nothing was written in it).
 */
export const restoreArchivedPlan = (planId: number) => api.call('POST /coaching/restore_action_plan', { body: { plan_id: planId } });
