import { useEffect, useMemo, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorText, isApiError } from '@cc/client';
import type { ActionPlan, TimelineItem } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { warmDateFormats } from '../shared/dates';
import { archivedPlansQuery, createEmptyPlan, currentPlanQuery, timelineItemsQuery } from './api/actionPlan';

export type PlanState =
  | { status: 'loading' }
  | { status: 'ready'; plan: ActionPlan; items: ReadonlyMap<string, TimelineItem>; migrationNeeded: boolean }
  /** The first visit's plan could not be made. */
  | { status: 'empty'; message: string }
  | { status: 'error'; message: string };

/** The wording of a failed load (docs/planning.md#messages). */
function loadError(error: unknown): string {
  if (isApiError(error) && error.status === 403 && /csrf|token/i.test(error.message)) return M.securityTokenMissing;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return errorText(error, { prefix: M.errorLoadingPlan });
  return M.errorLoadingPlanRetry;
}

/** The plan was replaced (a new one, a restored one): shown loading until the new plan and its weeks are read. */
export async function planReplaced(client: QueryClient): Promise<void> {
  await Promise.all([
    client.resetQueries({ queryKey: currentPlanQuery().queryKey }),
    client.resetQueries({ queryKey: timelineItemsQuery().queryKey }),
    client.invalidateQueries({ queryKey: archivedPlansQuery().queryKey }),
  ]);
}

/**
 * The current plan and its weeks (both read at once: the weeks of a plan that does not exist yet
 * are simply none). A first visit, with no plan, makes an empty one; when that fails the tab is
 * empty with the reason. `retry` asks again for what failed.
 */
export function usePlan(): { state: PlanState; retry: () => void } {
  const client = useQueryClient();
  const current = useQuery(currentPlanQuery());
  const timeline = useQuery(timelineItemsQuery());
  useEffect(warmDateFormats, []);

  const create = useMutation({
    mutationFn: createEmptyPlan,
    onSuccess: (answer) => {
      client.setQueryData(currentPlanQuery().queryKey, { success: true, has_plan: true, plan: answer.plan });
      // A new plan has no weeks yet.
      client.setQueryData(timelineItemsQuery().queryKey, (old) => old && { ...old, items: [] });
    },
    onError: (error) => console.warn('[planning] creating the action plan failed', error),
  });
  const { mutate: makePlan } = create;
  const needsPlan = current.data !== undefined && !(current.data.has_plan && current.data.plan);
  // Once per showing (an effect may run twice in development; a plan must be made once).
  const asked = useRef(false);
  useEffect(() => {
    if (!needsPlan || asked.current) return;
    asked.current = true;
    makePlan();
  }, [needsPlan, makePlan]);

  const items = useMemo(() => new Map(timeline.data?.items.map((i) => [i.period_key, i])), [timeline.data]);
  const error = current.error ?? timeline.error;
  let state: PlanState;
  if (error) state = { status: 'error', message: loadError(error) };
  else if (!current.data || !timeline.data) state = { status: 'loading' };
  else if (current.data.plan && current.data.has_plan)
    state = {
      status: 'ready',
      plan: current.data.plan,
      items,
      migrationNeeded: timeline.data.migration_needed,
    };
  else if (create.isError) state = { status: 'empty', message: errorText(create.error, { prefix: M.errorCreatingPlan }) };
  else state = { status: 'loading' };

  // A plan that could not be made is asked for again; a read that failed is made again.
  const retry = () => (create.isError ? makePlan() : void planReplaced(client));
  return { state, retry };
}
