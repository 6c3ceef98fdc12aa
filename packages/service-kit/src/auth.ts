import type Koa from 'koa';
import { SESSION_COOKIE } from '@cc/contracts';
import { verifySession, type SessionClaims } from './session';
import type { SessionCheck } from './session-check';

export interface RequestUser {
  id: number;
  isAdmin: boolean;
  /** Session id: CSRF tokens are bound to it. */
  sid: string;
}

/**
 * Cookies whose signature held, with their claims: a browser sends the same cookie with every
 * request, and its HMAC was a tenth of a cached GET's CPU in a profile. Only cookies that
 * verified are kept (nobody can fill it with forged ones), the whole token is the key (a hit is
 * the same bytes), and expiry is checked again on every use.
 */
const VERIFIED_MAX = 10_000;

function verifiedSessions(): (secret: string, cookie: string | undefined) => SessionClaims | null {
  const verified = new Map<string, { secret: string; claims: SessionClaims }>();
  return (secret, cookie) => {
    if (!cookie) return null;
    const hit = verified.get(cookie);
    if (hit && hit.secret === secret) return verifySession(secret, cookie, Date.now(), hit.claims);
    const claims = verifySession(secret, cookie);
    if (claims) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(cookie, { secret, claims });
    }
    return claims;
  };
}

/** Puts the verified session's user on `ctx.state.user` (or leaves it undefined). */
export function sessionMiddleware(secret: () => string, check?: SessionCheck): Koa.Middleware {
  const verify = verifiedSessions();
  return async (ctx, next) => {
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    const claims = verify(secret(), cookie);
    const fresh = ctx.method !== 'GET' && ctx.method !== 'HEAD';
    const active = claims && cookie ? (check ? await check(claims.sid, cookie, { fresh }) : true) : false;
    if (claims && active) {
      ctx.state.user = { id: claims.uid, isAdmin: claims.adm, sid: claims.sid } satisfies RequestUser;
      if (typeof active === 'object') ctx.state.session = active;
    }
    await next();
  };
}
