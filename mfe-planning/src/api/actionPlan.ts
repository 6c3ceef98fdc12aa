import { api } from '@cc/client';
import type {
  ArchivedPlansAnswer,
  CreateActionPlanAnswer,
  CurrentActionPlanAnswer,
  RestoreActionPlanAnswer,
  GeneratedWeekAnswer,
  SaveTimelineItemAnswer,
  TimelineItemsAnswer,
  WeekPromptAnswer,
} from '@cc/contracts/planning';

/** `GET /coaching/current_action_plan` → has_plan, plan */
export function fetchCurrentPlan(signal?: AbortSignal): Promise<CurrentActionPlanAnswer> {
  return api.get<CurrentActionPlanAnswer>('/coaching/current_action_plan', { signal });
}

/** `POST /coaching/create_empty_action_plan`: a new plan; the current one (if any) is archived. */
export function createEmptyPlan(): Promise<CreateActionPlanAnswer> {
  return api.post<CreateActionPlanAnswer>('/coaching/create_empty_action_plan', {});
}

/** `GET /coaching/timeline_items` → items[period_key, content, outcomes, revision], migration_needed */
export function fetchTimelineItems(signal?: AbortSignal): Promise<TimelineItemsAnswer> {
  return api.get<TimelineItemsAnswer>('/coaching/timeline_items', { signal });
}

/**
 * `POST /coaching/save_timeline_item {period_type, period_key, content, revision?, save_id?}`:
 * a stale revision is refused with 409 `current{content, revision, save_id?}`.
 */
export function saveTimelineItem(
  periodKey: string,
  content: string,
  guard: { revision?: number; saveId?: string },
  options?: { keepalive?: boolean },
): Promise<SaveTimelineItemAnswer> {
  return api.post<SaveTimelineItemAnswer>(
    '/coaching/save_timeline_item',
    {
      period_type: 'week',
      period_key: periodKey,
      content,
      ...(guard.revision !== undefined ? { revision: guard.revision } : {}),
      ...(guard.saveId ? { save_id: guard.saveId } : {}),
    },
    { keepalive: options?.keepalive },
  );
}

/** `GET /coaching/week_prompt?period_key=&week_label=` → prompt */
export function fetchWeekPrompt(periodKey: string, weekLabel: string, signal?: AbortSignal): Promise<WeekPromptAnswer> {
  return api.get<WeekPromptAnswer>('/coaching/week_prompt', { query: { period_key: periodKey, week_label: weekLabel }, signal });
}

/** `POST /coaching/generate_action_plan {prompt, period_key, period_type}` → item{outcomes, actions} */
export function generateWeekPlan(prompt: string, periodKey: string, signal?: AbortSignal): Promise<GeneratedWeekAnswer> {
  return api.post<GeneratedWeekAnswer>(
    '/coaching/generate_action_plan',
    { prompt, period_key: periodKey, period_type: 'week' },
    { signal },
  );
}

/** `GET /coaching/archived_action_plans` → plans (newest first) */
export function fetchArchivedPlans(signal?: AbortSignal): Promise<ArchivedPlansAnswer> {
  return api.get<ArchivedPlansAnswer>('/coaching/archived_action_plans', { signal });
}

/**
 * `POST /coaching/restore_action_plan {plan_id}`: the archived plan becomes the current one
 * again with its weeks; the current plan is archived (or dropped when nothing was written in it).
 */
export function restoreArchivedPlan(planId: number): Promise<RestoreActionPlanAnswer> {
  return api.post<RestoreActionPlanAnswer>('/coaching/restore_action_plan', { plan_id: planId });
}
