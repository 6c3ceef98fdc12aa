import { SESSION_COOKIE } from '@cc/contracts';
import type { Db } from './db';
import { createLogger, type Logger } from './logger';
import { listenForChanges } from './pg-listen';

/**
 * Whether a verified session is still active (not signed out). svc-identity answers from
 * its own table; other services ask svc-identity over HTTP. Reads may use a cached answer; a
 * write (`fresh`) always asks, so a signed-out cookie can change nothing anywhere once
 * identity has revoked it.
 */
export type SessionCheck = (sid: string, cookieValue: string, options?: { fresh?: boolean }) => Promise<boolean | SessionRecord>;

/** What a check may hand back besides "active": the row it loaded (kept on ctx.state.session). */
export type SessionRecord = Record<string, unknown>;

/** svc-identity's sessions table notifies the revoked session's id here (its migration 003). */
export const SESSIONS_REVOKED_CHANNEL = 'sessions_revoked';

export interface RemoteSessionCheckOptions {
  /**
   * The service's own database, when it is the Postgres identity writes to: the check LISTENs
   * for revocations, so a sign-out is refused by every replica of every service at once (within
   * the notification's delivery, about a millisecond), reads included. While that connection is
   * down, reads ask identity every time. Without it (PGlite: each process its own database)
   * reads may use an "active" answer up to `ttlMs` old, as before.
   */
  db?: Db;
  log?: Logger;
  ttlMs?: number;
  maxEntries?: number;
}

export function remoteSessionCheck(identityUrl: string, options: RemoteSessionCheckOptions = {}): SessionCheck {
  const { ttlMs = 15_000, maxEntries = 10_000 } = options;
  const cache = new Map<string, { active: boolean; until: number }>();
  const remember = (sid: string, active: boolean, until: number) => {
    // A revoked session never comes back: an answer that raced with its revocation is not kept.
    if (cache.get(sid)?.active === false) return;
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(sid, { active, until });
  };
  /** Whether reads may use a cached "active": always without LISTEN, only while it hears. */
  let cacheReads = true;
  const listening =
    options.db !== undefined &&
    listenForChanges(
      options.db,
      SESSIONS_REVOKED_CHANNEL,
      {
        notify: (sid) => {
          cache.delete(sid);
          remember(sid, false, Number.POSITIVE_INFINITY);
        },
        up: () => {
          // Revocations made while no one listened are unknown: drop every "active".
          for (const [sid, hit] of cache) if (hit.active) cache.delete(sid);
          cacheReads = true;
        },
        down: () => {
          cacheReads = false;
        },
      },
      options.log ?? createLogger('session-check', 'silent'),
    );
  // Until the LISTEN is in place (it answers `up` later), every read asks.
  if (listening) cacheReads = false;
  return async (sid, cookieValue, { fresh } = {}): Promise<boolean> => {
    const now = Date.now();
    const hit = cache.get(sid);
    // A revoked session's answer is final, for reads and writes alike.
    if (hit && (!hit.active || (hit.until > now && !fresh && cacheReads))) return hit.active;
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
    remember(sid, active, now + (active ? ttlMs : Number.POSITIVE_INFINITY));
    return cache.get(sid)?.active ?? active;
  };
}
