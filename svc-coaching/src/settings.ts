import { z } from 'zod';

/**
 * svc-coaching's environment: no variable of its own yet (the AI_* variables are read by
 * packages/ai, AI_RATE_LIMIT_PER_MINUTE by the kit). A setting either module needs goes here.
 */
export const coachingSettings = z.object({});
export type CoachingSettings = z.output<typeof coachingSettings>;
