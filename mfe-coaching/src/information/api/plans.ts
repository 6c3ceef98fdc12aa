import { api, type CallAnswer } from '@cc/client';
import { invalidateRoutes, routeKey, routeQuery } from '@cc/client/query';
import type { QueryClient } from '@tanstack/react-query';

/** `GET /coaching/information_gathering_prompt` → prompt, has_existing_plan, existing_plan */
export const informationQuery = () => routeQuery('GET /coaching/information_gathering_prompt');

/** `GET /coaching/archived_plans` → plans, newest first */
export const archivedPlansQuery = () => routeQuery('GET /coaching/archived_plans');

/** `POST /coaching/submit_coaching_plan {prompt}` → response, created_at (the previous plan is archived). */
export function submitCoachingPlan(prompt: string) {
  return api.call('POST /coaching/submit_coaching_plan', { body: { prompt } });
}

/**
 * A plan was written: it is the current one (and its prompt the one kept), and the plan before
 * it is now among the archived ones.
 */
export function planSubmitted(
  queryClient: QueryClient,
  prompt: string,
  plan: CallAnswer<'POST /coaching/submit_coaching_plan'>,
): Promise<void> {
  queryClient.setQueryData(routeKey('GET /coaching/information_gathering_prompt'), {
    success: true as const,
    prompt,
    has_existing_plan: true,
    existing_plan: { response: plan.response, created_at: plan.created_at },
  });
  return invalidateRoutes(queryClient, 'GET /coaching/archived_plans');
}
