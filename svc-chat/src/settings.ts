import { z } from 'zod';
import { urlSetting } from '@cc/service-kit';

/** svc-chat's environment (the AI_* variables are read by packages/ai; AI_RATE_LIMIT_PER_MINUTE by the kit). */
export const chatSettings = z.object({
  /** svc-people, for the person chat's profile; unset (the embedded run) means none. */
  PEOPLE_URL: urlSetting(),
});
export type ChatSettings = z.output<typeof chatSettings>;
