import { z } from 'zod';
import { intSetting, urlSetting } from '@cc/service-kit';
import { DEFAULT_LIMITS } from './rate-limit';

/**
 * svc-identity's environment: the sign-in limit (per email; an address may fail five times as
 * often), and the services account deletion asks to delete the account's rows (unset: deleting
 * an account is refused, since that service's rows would outlive it); the calendar feed reads
 * COACHING_URL and PEOPLE_URL too.
 */
export const identitySettings = z.object({
  SIGN_IN_MAX_FAILURES: intSetting(DEFAULT_LIMITS.maxFailures, { min: 1, max: 1000 }),
  SIGN_IN_WINDOW_SECONDS: intSetting(DEFAULT_LIMITS.windowSeconds, { min: 1, max: 86_400 }),
  FILES_URL: urlSetting(),
  COACHING_URL: urlSetting(),
  PEOPLE_URL: urlSetting(),
  CHAT_URL: urlSetting(),
  /**
   * Where users reach the workspace (`https://career.example.com`), for the links in the calendar
   * feed. Unset: the address the feed was asked at (the gateway passes its Host on).
   */
  PUBLIC_URL: urlSetting(),
});
export type IdentitySettings = z.output<typeof identitySettings>;
