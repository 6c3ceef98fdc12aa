import { createHash } from 'node:crypto';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { postgresRateLimit, type Db } from '@cc/service-kit';

export interface SignInLimits {
  /** Failed attempts allowed per email (and per client address, times 5) in the window. */
  maxFailures: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: SignInLimits = { maxFailures: 10, windowSeconds: 15 * 60 };

export interface SignInLimiter {
  /** Seconds until another attempt is allowed, or 0 when the caller may try now. */
  retryAfter(email: string, ip: string): Promise<number>;
  recordFailure(email: string, ip: string): Promise<void>;
  /** A successful sign-in forgets the email's failures (not the address's). */
  clearFailures(email: string): Promise<void>;
}

/**
 * The sign-in limit on rate-limiter-flexible's Postgres store (the kit's, as for model calls), so
 * it holds across instances: a window opens at a key's first failure; once it holds the limit,
 * attempts are refused until it closes. Only failures count, hence `get` before and `penalty`
 * after the password check rather than `consume`.
 */
export function signInLimiter(db: Db, limits: SignInLimits): SignInLimiter {
  const limit = (keyPrefix: string, points: number) =>
    postgresRateLimit({
      db,
      schema: 'identity',
      tableName: 'sign_in_limits',
      keyPrefix,
      points,
      duration: limits.windowSeconds,
      // Attackers choose the emails: rows of closed windows go.
      clearExpired: true,
    });
  const byEmail = limit('email', limits.maxFailures);
  const byAddress = limit('ip', limits.maxFailures * 5);
  // The store's key is at most 255 characters and need not hold the address itself.
  const emailKey = (email: string) => createHash('sha256').update(email).digest('base64url');

  const wait = async (limiter: () => Promise<RateLimiterPostgres>, key: string) => {
    const state = await (await limiter()).get(key);
    return state && state.remainingPoints <= 0 ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  };

  return {
    async retryAfter(email, ip) {
      const [forEmail, forAddress] = await Promise.all([wait(byEmail, emailKey(email)), wait(byAddress, ip)]);
      return Math.max(forEmail, forAddress);
    },
    async recordFailure(email, ip) {
      await Promise.all([(await byEmail()).penalty(emailKey(email)), (await byAddress()).penalty(ip)]);
    },
    async clearFailures(email) {
      await (await byEmail()).delete(emailKey(email));
    },
  };
}
