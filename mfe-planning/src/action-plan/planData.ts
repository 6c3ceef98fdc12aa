import { isApiError } from '@cc/client';
import type { ActionPlan, TimelineItem } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { createEmptyPlan, fetchCurrentPlan, fetchTimelineItems } from '../api/actionPlan';
import { warmDateFormats } from '../shared/dates';
import { reasonsOf } from '../shared/errors';

export type PlanLoad =
  | { status: 'ready'; plan: ActionPlan; items: Map<string, TimelineItem>; migrationNeeded: boolean }
  | { status: 'empty'; message: string }
  | { status: 'error'; message: string };

/** The wording of a failed load (docs/planning.md#messages). */
function loadError(error: unknown): string {
  if (isApiError(error) && error.status === 403 && /csrf|token/i.test(error.message)) return M.securityTokenMissing;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return `${M.errorLoadingPlan}${reasonsOf(error)}`;
  return M.errorLoadingPlanRetry;
}

/** The current plan (made on the first visit) and its weeks; never throws. */
async function loadPlan(): Promise<PlanLoad> {
  try {
    // Both at once: the weeks of a plan that does not exist yet are simply none.
    const both = Promise.all([fetchCurrentPlan(), fetchTimelineItems()]);
    warmDateFormats();
    const [current, timeline] = await both;
    if (current.has_plan && current.plan) {
      return {
        status: 'ready',
        plan: current.plan,
        items: new Map(timeline.items.map((i) => [i.period_key, i])),
        migrationNeeded: timeline.migration_needed,
      };
    }
    try {
      const created = await createEmptyPlan();
      return { status: 'ready', plan: created.plan, items: new Map(), migrationNeeded: timeline.migration_needed };
    } catch (error) {
      console.warn('[planning] creating the action plan failed', error);
      return { status: 'empty', message: `${M.errorCreatingPlan}${reasonsOf(error)}` };
    }
  } catch (error) {
    console.warn('[planning] loading the action plan failed', error);
    return { status: 'error', message: loadError(error) };
  }
}

let early: { load: Promise<PlanLoad>; at: number } | null = null;
/** A read started longer ago than this may predate a change: it is not used. */
const FRESH_MS = 3000;

/** Starts reading the plan while the tab's code is still loading (the page calls it as it renders). */
export function prefetchPlan(): void {
  if (!early || Date.now() - early.at > FRESH_MS) early = { load: loadPlan(), at: Date.now() };
}

/** The plan: the read `prefetchPlan` just started (only for a first showing), else a new one. */
export function takePlan(first: boolean): Promise<PlanLoad> {
  const taken = early;
  early = null;
  return first && taken && Date.now() - taken.at <= FRESH_MS ? taken.load : loadPlan();
}
