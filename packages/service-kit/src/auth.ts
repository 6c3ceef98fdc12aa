import type Koa from 'koa';
import { SESSION_COOKIE } from '@cc/contracts';
import { verifySession } from './session';
import type { SessionCheck } from './session-check';

export interface RequestUser {
  id: number;
  isAdmin: boolean;
  /** Session id: CSRF tokens are bound to it. */
  sid: string;
}

/** Puts the verified session's user on `ctx.state.user` (or leaves it undefined). */
export function sessionMiddleware(secret: () => string, check?: SessionCheck): Koa.Middleware {
  return async (ctx, next) => {
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    const claims = verifySession(secret(), cookie);
    const fresh = ctx.method !== 'GET' && ctx.method !== 'HEAD';
    const active = claims && cookie ? (check ? await check(claims.sid, cookie, { fresh }) : true) : false;
    if (claims && active) {
      ctx.state.user = { id: claims.uid, isAdmin: claims.adm, sid: claims.sid } satisfies RequestUser;
      if (typeof active === 'object') ctx.state.session = active;
    }
    await next();
  };
}
