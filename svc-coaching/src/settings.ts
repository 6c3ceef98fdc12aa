import { z } from 'zod';
import { urlSetting } from '@cc/service-kit';

/**
 * svc-coaching's environment (the AI_* variables are read by packages/ai,
 * AI_RATE_LIMIT_PER_MINUTE by the kit). A setting either module needs goes here.
 */
export const coachingSettings = z.object({
  /** svc-chat, for the passages of other notes a check-in question's chat may cite; unset means none. */
  CHAT_URL: urlSetting(),
});
export type CoachingSettings = z.output<typeof coachingSettings>;
