import { z } from 'zod';
import { urlSetting } from '@cc/service-kit';

/** svc-chat's environment (the AI_* variables are read by packages/ai; AI_RATE_LIMIT_PER_MINUTE by the kit). */
export const chatSettings = z.object({
  /** svc-people, for the person and meeting chats' profiles and meetings; unset means none. */
  PEOPLE_URL: urlSetting(),
  /** svc-coaching, for the planning chat's open todos, milestones and this week; unset means none. */
  COACHING_URL: urlSetting(),
  /** svc-files, for searching files and journal days (GET /search and the chats' passages); unset means none. */
  FILES_URL: urlSetting(),
});
export type ChatSettings = z.output<typeof chatSettings>;
