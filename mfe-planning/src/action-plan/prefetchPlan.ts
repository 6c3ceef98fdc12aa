import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { warmDateFormats } from '../shared/dates';
import { currentPlanQuery, timelineItemsQuery } from './api/actionPlan';

// The page's part of the action plan, a module of its own: the page (every tab's first visit)
// carries it, while the tab's hooks and timeline load with the tab.

let shown = false;

/**
 * Starts reading the plan and its weeks while the tab's code is still loading (the page calls it
 * each time the tab opens). The first showing in a page load takes an answer already read in it:
 * a visit of /planning/action_plan has the shell send both reads from its entry chunk and hand
 * them to the cache as these queries (the route table's `firstRequests`), before the page's
 * effects run; a read still on its way is joined, not sent again. Every later opening reads again.
 */
export function prefetchPlan(client: QueryClient): void {
  warmDateFormats();
  const first = !shown;
  shown = true;
  const taken = (key: QueryKey) => first && Boolean(client.getQueryState(key)?.dataUpdatedAt);
  const plan = currentPlanQuery();
  if (!taken(plan.queryKey)) void client.prefetchQuery(plan);
  const weeks = timelineItemsQuery();
  if (!taken(weeks.queryKey)) void client.prefetchQuery(weeks);
}

/** For tests: the next opening is a page load's first again. */
export function forgetPlanShown(): void {
  shown = false;
}
