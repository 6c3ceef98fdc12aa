import type { Db } from '@cc/service-kit';
import { T } from './accounts';

export interface SignInLimits {
  /** Failed attempts allowed per email (and per client address, times 5) in the window. */
  maxFailures: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: SignInLimits = { maxFailures: 10, windowSeconds: 15 * 60 };

/** Seconds until another attempt is allowed, or 0 when the caller may try now. */
export async function retryAfter(db: Db, email: string, ip: string, limits: SignInLimits): Promise<number> {
  const since = new Date(Date.now() - limits.windowSeconds * 1000);
  const check = async (column: 'email' | 'ip', value: string, max: number) => {
    const rows = await db(T.sign_in_failures)
      .where(column, value)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(max)
      .select('created_at');
    if (rows.length < max) return 0;
    const oldest = new Date(rows[rows.length - 1].created_at).getTime();
    return Math.max(1, Math.ceil((oldest + limits.windowSeconds * 1000 - Date.now()) / 1000));
  };
  return Math.max(await check('email', email, limits.maxFailures), await check('ip', ip, limits.maxFailures * 5));
}

export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  await db(T.sign_in_failures).insert({ email, ip });
  // Keep the table small: anything older than a day no longer counts.
  await db(T.sign_in_failures)
    .where('created_at', '<', new Date(Date.now() - 86_400_000))
    .delete();
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db(T.sign_in_failures).where({ email }).delete();
}
