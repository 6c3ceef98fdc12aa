import { z } from 'zod';
import { intSetting } from '@cc/service-kit';
import { DEFAULT_LIMITS } from './rate-limit';

/** svc-identity's environment: the sign-in limit (per email; an address may fail five times as often). */
export const identitySettings = z.object({
  SIGN_IN_MAX_FAILURES: intSetting(DEFAULT_LIMITS.maxFailures, { min: 1, max: 1000 }),
  SIGN_IN_WINDOW_SECONDS: intSetting(DEFAULT_LIMITS.windowSeconds, { min: 1, max: 86_400 }),
});
export type IdentitySettings = z.output<typeof identitySettings>;
