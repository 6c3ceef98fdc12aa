import { AiMalformedAnswerError } from '@cc/ai';
import { COACHING_LIMITS } from '@cc/contracts';
import type { Db, ModelCalls, ServiceRouter } from '@cc/service-kit';
import type { SearchIndex } from '../search-vectors';
import { archivedPlans, currentPlan, DEFAULT_COACHING_PROMPT, savePlan } from './plans';

/** Information gathering (docs/coaching.md#information-gathering): the prompt, the AI's plan, the archive. */
export function planRoutes(router: ServiceRouter, db: Db, ai: ModelCalls, index: SearchIndex): void {
  // The editor starts from the prompt of the current plan (what 'Update plan' edits), else the default.
  router.get('/coaching/information_gathering_prompt', {}, async (_ctx, { user }) => {
    const plan = await currentPlan(db, user.id);
    return {
      success: true,
      prompt: plan?.prompt ?? DEFAULT_COACHING_PROMPT,
      has_existing_plan: Boolean(plan),
      existing_plan: plan ? { response: plan.response, created_at: plan.created_at } : null,
    };
  });

  router.post('/coaching/submit_coaching_plan', {}, async (ctx, { user, body }) => {
    const plan = await ai.run(ctx, user.id, async (signal) => {
      const plan = (await ai.provider.coachingPlan({ prompt: body.prompt, signal })).trim();
      if (!plan) throw new AiMalformedAnswerError('the coaching plan is empty', plan);
      return plan.slice(0, COACHING_LIMITS.content);
    });
    const saved = await savePlan(db, user.id, body.prompt, plan);
    index.changed();
    return { success: true, response: saved.response, created_at: saved.created_at };
  });

  router.get('/coaching/archived_plans', {}, async (_ctx, { user }) => ({ success: true, plans: await archivedPlans(db, user.id) }));
}
