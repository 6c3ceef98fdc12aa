import type { Db } from '@cc/service-kit';
import { T } from './conversations';

/** Model calls (send_message, suggest_edits) a user may make per minute; AI_RATE_LIMIT_PER_MINUTE. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 30;
const WINDOW = "interval '60 seconds'";

/** The configured limit; 0 or `off` turns it off. */
export function rateLimitFrom(env: Record<string, string | undefined> = {}): number {
  const raw = env.AI_RATE_LIMIT_PER_MINUTE?.trim();
  if (!raw) return DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (/^(off|none|false)$/i.test(raw)) return 0;
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_RATE_LIMIT_PER_MINUTE;
}

/**
 * Counts a model call for the user, unless they already made `limit` in the last minute (a
 * sliding window): then answers the seconds until the oldest of those leaves the window (for
 * Retry-After) and counts nothing. The check and the count are one upsert on the user's row,
 * which Postgres serialises per user, so the limit holds across any number of svc-chat
 * instances and costs one round trip.
 */
export async function takeModelCall(db: Db, userId: number, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  const inWindow = (column: string) => `(select coalesce(array_agg(c order by c), '{}') from unnest(${column}) c where c > now() - ${WINDOW})`;
  const taken = await db.raw(
    `insert into ${T.model_calls} as r (user_id, recent) values (?, array[now()])
     on conflict (user_id) do update set recent = ${inWindow('r.recent')} || now()
       where cardinality(${inWindow('r.recent')}) < ?
     returning 1`,
    [userId, limit],
  );
  if ((taken.rows ?? taken).length > 0) return 0;
  // Refused: wait until the oldest of the last `limit` calls is a minute old.
  const wait = await db.raw(
    `select extract(epoch from (c + ${WINDOW} - now())) as wait
       from ${T.model_calls}, unnest(recent) c
      where user_id = ? and c > now() - ${WINDOW}
      order by c desc offset ? limit 1`,
    [userId, limit - 1],
  );
  const row = (wait.rows ?? wait)[0] as { wait: unknown } | undefined;
  return Math.max(1, Math.ceil(Number(row?.wait ?? 1)));
}
