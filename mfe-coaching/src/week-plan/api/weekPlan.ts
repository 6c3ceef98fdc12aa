import { api } from '@cc/client';
import { invalidateRoutes } from '@cc/client/query';
import type { QueryClient } from '@tanstack/react-query';

/** `POST /coaching/generate_action_plan {prompt, period_key, period_type:'week'}`: planning's call, one implementation. */
export function generateWeekPlan(prompt: string, periodKey: string) {
  return api.call('POST /coaching/generate_action_plan', { body: { prompt, period_key: periodKey, period_type: 'week' } });
}

/** The call keeps the week's outcomes in the action plan (made if there was none): planning's reads of it are out of date. */
export function weekPlanSaved(queryClient: QueryClient): Promise<void> {
  return invalidateRoutes(queryClient, 'GET /coaching/timeline_items', 'GET /coaching/current_action_plan');
}
