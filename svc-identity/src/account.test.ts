/**
 * DELETE /auth/account as svc-identity answers it on its own: the password check, its limit, and
 * a service that cannot delete keeping the account. The whole deletion across every service is
 * tested through the embedded gateway (gateway/src/embedded/account-deletion.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { freshDatabase, startTestService, TestClient, type RunningService, type TestDatabase } from '@cc/service-kit/testing';
import { identityService } from './service';

let database: TestDatabase;
/** No service URLs: nothing can be deleted elsewhere, so no account may go. */
let alone: RunningService;
/** Every service "there", at an address nobody answers. */
let unreachable: RunningService;

const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  database = await freshDatabase();
  alone = await startTestService(identityService, database.db, { env: { SIGN_IN_MAX_FAILURES: '3' } });
  const nobody = 'http://127.0.0.1:9';
  unreachable = await startTestService(identityService, database.db, {
    env: { SIGN_IN_MAX_FAILURES: '3', FILES_URL: nobody, COACHING_URL: nobody, PEOPLE_URL: nobody, CHAT_URL: nobody },
  });
});
afterAll(async () => {
  await alone?.close();
  await unreachable?.close();
  await database?.drop();
});

const deleteAccount = (c: TestClient, body: unknown, opts: { csrf?: boolean } = {}) => c.request('DELETE', '/auth/account', body, opts);

async function signedUp(url: string): Promise<{ c: TestClient; email: string }> {
  const c = new TestClient(url);
  const { email } = await c.signUp(undefined, PASSWORD);
  return { c, email };
}

async function canSignIn(url: string, email: string): Promise<boolean> {
  return (await new TestClient(url).post('/auth/sign_in', { email, password: PASSWORD })).status === 200;
}

describe('DELETE /auth/account', () => {
  test('a wrong password is refused with 403 and its message; the account and the session stay', async () => {
    const { c, email } = await signedUp(alone.url);
    const res = await deleteAccount(c, { password: 'not my password' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, errors: ['The password is not correct'] });
    expect((await c.get('/auth/session')).status).toBe(200);
    expect(await canSignIn(alone.url, email)).toBe(true);
  });

  test('no password is a 422 that says what to do; no CSRF token a 403; no session a 401', async () => {
    const { c } = await signedUp(alone.url);
    for (const body of [{}, { password: '' }, undefined]) {
      const res = await deleteAccount(c, body);
      expect([res.status, res.body]).toEqual([422, { success: false, errors: ['Enter your password to delete your account'] }]);
    }
    expect((await deleteAccount(c, { password: PASSWORD }, { csrf: false })).status).toBe(403);
    expect((await deleteAccount(new TestClient(alone.url), { password: PASSWORD })).status).toBe(401);
    expect((await c.get('/auth/session')).status).toBe(200);
  });

  test('wrong passwords are limited as sign-ins are: 429 with Retry-After, even for the right one then', async () => {
    const { c, email } = await signedUp(alone.url);
    for (let i = 0; i < 3; i++) expect((await deleteAccount(c, { password: `wrong ${i}` })).status).toBe(403);
    const blocked = await deleteAccount(c, { password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, errors: ['Too many wrong passwords. Please try again later.'] });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // They count for signing in too: guessing here is guessing there.
    expect((await new TestClient(alone.url).post('/auth/sign_in', { email, password: PASSWORD })).status).toBe(429);
  });

  test('without the services it cannot delete there, so it deletes nothing: 502 naming every part', async () => {
    const { c, email } = await signedUp(alone.url);
    const res = await deleteAccount(c, { password: PASSWORD });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      success: false,
      errors: [
        'Your account was not deleted because some of your data could not be deleted ' +
          '(folders, files and journal; planning and coaching; people, meetings and About me; chats). ' +
          'Part of your data may already be gone. Please try again.',
      ],
    });
    expect((await c.get('/auth/session')).status).toBe(200);
    expect(await canSignIn(alone.url, email)).toBe(true);
  });

  test('services that do not answer keep the account too', async () => {
    const { c, email } = await signedUp(unreachable.url);
    const res = await deleteAccount(c, { password: PASSWORD });
    expect(res.status).toBe(502);
    expect(res.body.errors[0]).toMatch(/^Your account was not deleted because/);
    expect((await c.get('/auth/session')).status).toBe(200);
    expect(await canSignIn(unreachable.url, email)).toBe(true);
  });
});
