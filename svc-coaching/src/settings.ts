import { z } from 'zod';
import { flagSetting, intSetting, urlSetting } from '@cc/service-kit';

/**
 * svc-coaching's environment (the AI_* variables are read by packages/ai,
 * AI_RATE_LIMIT_PER_MINUTE by the kit). A setting either module needs goes here.
 */
export const coachingSettings = z.object({
  /** svc-chat, for the passages of other notes a check-in question's chat may cite; unset means none. */
  CHAT_URL: urlSetting(),
  /**
   * With EMBEDDINGS_MODEL: the cosine similarity a todo, milestone, week, check-in or plan must
   * reach to be found by meaning alone (docs/search.md#coaching), as svc-files reads it. Every
   * user has some nearest row, however unrelated: below this it is not a result.
   */
  EMBEDDINGS_MIN_SIMILARITY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error: 'must be a number from 0 to 1' }).min(0).max(1).default(0.3),
  ),
  /** The planning lists (todos, milestones) kept per user in memory, dropped through LISTEN/NOTIFY (planning/lists-cache.ts). */
  PLANNING_LISTS_CACHE: flagSetting(true),
  /** Their cap, in MB (1,000 todos are about 0.3 MB). */
  PLANNING_LISTS_CACHE_MB: intSetting(64, { min: 1, max: 4096 }),
});
export type CoachingSettings = z.output<typeof coachingSettings>;
