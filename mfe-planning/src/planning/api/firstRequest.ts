import { api, earlyRead, type CallAnswer } from '@cc/client';
import type { QueryClient } from '@tanstack/react-query';
import { currentPlanQuery, timelineItemsQuery } from '../../action-plan/api/actionPlan';

/**
 * A visit that opens the action plan (/planning/action_plan): the plan and its weeks are asked for
 * as this page's code arrives (the module is evaluated with the exposed page, which the shell
 * loads from its entry chunk), not once the page has rendered and the tab's code has loaded
 * (bench/modules/planning.ts). The two lists every tab reads are the shell's to send: the route
 * table declares them as the page's first requests (packages/contracts/src/pages.ts).
 */
const ACTION_PLAN = /^\/planning\/action_plan\/?$/i;

const plan = earlyRead<CallAnswer<'GET /coaching/current_action_plan'>>();
const weeks = earlyRead<CallAnswer<'GET /coaching/timeline_items'>>();
// A 401 here must not send anyone anywhere (the session may not be known yet): taking it asks again, the usual way.
const quiet = { redirectOnUnauthorized: false };

/** True when the address opens the action plan (and the early reads were sent). */
export function startFirstPlanRequests(): boolean {
  if (typeof window === 'undefined' || !ACTION_PLAN.test(window.location?.pathname ?? '')) return false;
  plan.start('plan', () => api.call('GET /coaching/current_action_plan', undefined, quiet));
  weeks.start('weeks', () => api.call('GET /coaching/timeline_items', undefined, quiet));
  return true;
}

/**
 * Starts reading the plan and its weeks (the page calls it as the tab opens, before the tab's own
 * queries): the early reads when they are there and fresh, else the server.
 */
export function prefetchPlanReads(client: QueryClient): void {
  const planAnswer = plan.take('plan', () => api.call('GET /coaching/current_action_plan'));
  void client.prefetchQuery(planAnswer ? { ...currentPlanQuery(), queryFn: () => planAnswer } : currentPlanQuery());
  const weeksAnswer = weeks.take('weeks', () => api.call('GET /coaching/timeline_items'));
  void client.prefetchQuery(weeksAnswer ? { ...timelineItemsQuery(), queryFn: () => weeksAnswer } : timelineItemsQuery());
}
