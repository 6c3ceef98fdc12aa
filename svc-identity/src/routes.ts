import type Koa from 'koa';
import { AUTH_MESSAGES, SESSION_COOKIE, type SessionAnswer } from '@cc/contracts';
import {
  csrfTokenFor,
  HttpError,
  newSessionId,
  SESSION_MAX_AGE_SECONDS,
  signSession,
  type ServiceContext,
  type ServiceRouter,
} from '@cc/service-kit';
import {
  createSession,
  createUser,
  deleteUser,
  findUserByEmail,
  findUserById,
  publicUser,
  revokeSession,
  type PublicUser,
  type UserRow,
} from './accounts';
import { accountPartUrls, deleteEverywhere, deletionFailure } from './account-deletion';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { signInLimiter } from './rate-limit';
import type { IdentitySettings } from './settings';
import { calendarRoutes } from './calendar/routes';

export function identityRoutes(router: ServiceRouter, { db, config, settings }: ServiceContext<IdentitySettings>): void {
  const secret = config.sessionSecret;
  const limiter = signInLimiter(db, { maxFailures: settings.SIGN_IN_MAX_FAILURES, windowSeconds: settings.SIGN_IN_WINDOW_SECONDS });

  /** Starts a session for the user: signed cookie + the CSRF token bound to it. */
  async function startSession(ctx: Koa.Context, user: UserRow): Promise<SessionAnswer> {
    const sid = newSessionId();
    await createSession(db, sid, user.id, ctx.get('user-agent') || undefined);
    const token = signSession(secret, { sid, uid: user.id, adm: user.is_admin, iat: Math.floor(Date.now() / 1000) });
    ctx.cookies.set(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      path: '/',
      maxAge: SESSION_MAX_AGE_SECONDS * 1000,
      overwrite: true,
    });
    return { success: true, user: publicUser(user), csrf_token: csrfTokenFor(secret, sid) };
  }

  router.post('/auth/sign_up', { auth: false, csrf: false }, async (ctx, { body }) => {
    const user = await createUser(db, body.email, await hashPassword(body.password));
    if (!user) throw new HttpError(422, [AUTH_MESSAGES.emailTaken]);
    ctx.status = 201;
    return startSession(ctx, user);
  });

  router.post('/auth/sign_in', { auth: false, csrf: false }, async (ctx, { body }) => {
    const wait = await limiter.retryAfter(body.email, ctx.ip);
    if (wait > 0) throw new HttpError(429, [AUTH_MESSAGES.tooManyAttempts], { 'Retry-After': String(wait) });
    const user = await findUserByEmail(db, body.email);
    const ok = user ? await verifyPassword(body.password, user.password_hash) : (await burnPasswordCheck(body.password), false);
    if (!user || !ok) {
      await limiter.recordFailure(body.email, ctx.ip);
      throw new HttpError(401, [AUTH_MESSAGES.invalidCredentials]);
    }
    await limiter.clearFailures(body.email);
    return startSession(ctx, user);
  });

  const clearCookie = (ctx: Koa.Context) =>
    ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: '/' });

  router.post('/auth/sign_out', {}, async (ctx, { user }) => {
    await revokeSession(db, user.sid);
    clearCookie(ctx);
    return { success: true };
  });

  // docs/api.md#account-deletion: the password again (wrong ones count as failed sign-ins), then
  // every service's rows, then the account. A service that fails keeps the account, to retry.
  const partUrls = accountPartUrls(settings);
  router.delete('/auth/account', {}, async (ctx, { user, body }) => {
    const account = await findUserById(db, user.id);
    if (!account) throw new HttpError(401, [AUTH_MESSAGES.notSignedIn]);
    const wait = await limiter.retryAfter(account.email, ctx.ip);
    if (wait > 0) throw new HttpError(429, [AUTH_MESSAGES.tooManyDeletionAttempts], { 'Retry-After': String(wait) });
    if (!(await verifyPassword(body.password, account.password_hash))) {
      await limiter.recordFailure(account.email, ctx.ip);
      throw new HttpError(403, [AUTH_MESSAGES.passwordIncorrect]);
    }
    const failed = await deleteEverywhere(ctx, partUrls);
    if (failed.length) throw new HttpError(502, [deletionFailure(failed)]);
    await deleteUser(db, account.id);
    // The email may sign up again: its failed attempts go with the account.
    await limiter.clearFailures(account.email);
    clearCookie(ctx);
    return { success: true };
  });

  calendarRoutes(router, db, secret, settings);

  router.get('/auth/session', { auth: false }, async (ctx, { user }) => {
    // The session check that let this request in already loaded the account (one query).
    const row = ctx.state.session as PublicUser | undefined;
    if (!user || !row) throw new HttpError(401, [AUTH_MESSAGES.notSignedIn]);
    ctx.set('Cache-Control', 'no-store');
    return { success: true, user: publicUser(row), csrf_token: csrfTokenFor(secret, user.sid) };
  });
}
