import { conflict, invalid, notFound } from '@cc/service-kit';
import { AiMalformedAnswerError } from '@cc/ai';
import { parsePeriod, PLANNING_LIMITS, PLANNING_MESSAGES as M } from '@cc/contracts';
import type { Db, ModelCalls, ServiceRouter } from '@cc/service-kit';
import { z } from 'zod';
import type { SearchIndex } from '../search-vectors';
import { archivedPlans, createEmptyPlan, currentPlan, restorePlan } from './action-plans';
import { listItems, saveItem, saveOutcomes } from './timeline';
import { weekPrompt } from './week-prompt';
import { serverToday } from './workback';

/** A model's week, checked before anything is stored or answered. */
const generatedWeek = z.object({
  outcomes: z.string().trim().max(PLANNING_LIMITS.outcomes),
  actions: z.string().trim().min(1).max(PLANNING_LIMITS.weekContent),
});

/** The action plan and its timeline (docs/planning.md#action-plan; paths under /coaching). */
export function actionPlanRoutes(router: ServiceRouter, db: Db, ai: ModelCalls, index: SearchIndex): void {
  router.get('/coaching/current_action_plan', {}, async (_ctx, { user }) => {
    const plan = await currentPlan(db, user.id);
    return { success: true, has_plan: Boolean(plan), plan: plan ?? null };
  });

  router.post('/coaching/create_empty_action_plan', {}, async (_ctx, { user }) => {
    const { plan, archived } = await createEmptyPlan(db, user.id);
    // The archived plan's weeks lose their vectors at that run.
    index.changed();
    return { success: true, plan, archived };
  });

  // The tables are created by the service's migrations before it listens: nothing to migrate.
  router.get('/coaching/timeline_items', {}, async (_ctx, { user }) => ({
    success: true,
    items: await listItems(db, user.id),
    migration_needed: false,
  }));

  router.post('/coaching/save_timeline_item', {}, async (_ctx, { user, body }) => {
    const result = await saveItem(db, user.id, body.period_key, {
      content: body.content,
      outcomes: body.outcomes,
      basedOn: body.revision,
      saveId: body.save_id,
    });
    if (result.saved) {
      index.changed();
      return { success: true, errors: [], item: result.item };
    }
    throw conflict(M.staleWeek, result.current);
  });

  router.get('/coaching/week_prompt', {}, async (_ctx, { user, query }) => ({
    success: true,
    prompt: await weekPrompt(db, user.id, query.period_key, query.week_label),
  }));

  router.post('/coaching/generate_action_plan', {}, async (ctx, { user, body }) => {
    // A plan starts on the user's today (docs/planning.md#action-plan): a week gone by has no day left to plan.
    const today = body.today ?? serverToday();
    if (parsePeriod(body.period_key, 'week')!.last < today) throw invalid(M.weekPassed);
    const week = await ai.run(ctx, user.id, async (signal) => {
      const week = await ai.provider.weekPlan({ prompt: body.prompt, periodKey: body.period_key, today, signal });
      const checked = generatedWeek.safeParse(week);
      if (!checked.success) throw new AiMalformedAnswerError('the week plan has no actions', JSON.stringify(week));
      return checked.data;
    });
    // The outcomes are shown on the week; its actions go into the week's text on the page (and are saved from there).
    await saveOutcomes(db, user.id, body.period_key, week.outcomes);
    return { success: true, item: { period_type: 'week' as const, period_key: body.period_key, ...week } };
  });

  router.get('/coaching/archived_action_plans', {}, async (_ctx, { user }) => ({ success: true, plans: await archivedPlans(db, user.id) }));

  router.post('/coaching/restore_action_plan', {}, async (_ctx, { user, body }) => {
    const result = await restorePlan(db, user.id, body.plan_id);
    if (result === 'not_found') throw notFound(M.archivedPlanNotFound);
    // Its weeks are the current ones again (and the plan it replaced, archived).
    index.changed();
    return { success: true, plan: result.plan, archived: result.archived };
  });
}
