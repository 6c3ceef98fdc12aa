import { SESSION_COOKIE } from '@cc/contracts';

/**
 * Whether a verified session is still active (not signed out). svc-identity answers from
 * its own table; other services ask svc-identity over HTTP. Reads may use an answer up to
 * `ttlMs` old; a write (`fresh`) always asks, so a signed-out cookie can change nothing
 * anywhere once identity has revoked it.
 */
export type SessionCheck = (sid: string, cookieValue: string, options?: { fresh?: boolean }) => Promise<boolean | SessionRecord>;

/** What a check may hand back besides "active": the row it loaded (kept on ctx.state.session). */
export type SessionRecord = Record<string, unknown>;

export function remoteSessionCheck(identityUrl: string, ttlMs = 15_000, maxEntries = 10_000): SessionCheck {
  const cache = new Map<string, { active: boolean; until: number }>();
  return async (sid, cookieValue, options = {}): Promise<boolean> => {
    const now = Date.now();
    const hit = cache.get(sid);
    // A revoked session never comes back: that answer is final, for reads and writes alike.
    if (hit && (!hit.active || (hit.until > now && !options.fresh))) return hit.active;
    let active: boolean;
    try {
      const res = await fetch(new URL('/auth/session', identityUrl), {
        headers: { accept: 'application/json', cookie: `${SESSION_COOKIE}=${cookieValue}` },
        signal: AbortSignal.timeout(2000),
      });
      if (res.status !== 200 && res.status !== 401) return hit?.active ?? true;
      active = res.status === 200;
    } catch {
      // Identity unreachable: fall back to the signature alone rather than lock everyone out.
      return hit?.active ?? true;
    }
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(sid, { active, until: now + (active ? ttlMs : Number.POSITIVE_INFINITY) });
    return active;
  };
}
