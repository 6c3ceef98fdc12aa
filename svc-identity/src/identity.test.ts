import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { freshDatabase, startTestService, TestClient, type RunningService, type TestDatabase } from '@cc/service-kit/testing';
import { identityService } from './service';

let database: TestDatabase;
let svc: RunningService;

beforeAll(async () => {
  database = await freshDatabase();
  svc = await startTestService(identityService, database.db, { env: { SIGN_IN_MAX_FAILURES: '5' } });
});
afterAll(async () => {
  await svc?.close();
  await database?.drop();
});

describe('sign up', () => {
  test('the first account is admin, later ones are not; the cookie is HttpOnly and SameSite=Lax', async () => {
    const first = new TestClient(svc.url);
    const res = await first.post('/auth/sign_up', { email: '  Founder@Example.com ', password: 'long enough pw' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      user: { id: expect.any(Number), email: 'founder@example.com', is_admin: true },
      csrf_token: expect.any(String),
    });
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^cc_session=v1\./);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=lax');

    const second = new TestClient(svc.url);
    expect((await second.signUp()).is_admin).toBe(false);
  });

  test('a taken email (any case) is refused with the errors list', async () => {
    const c = new TestClient(svc.url);
    await c.signUp('taken@example.com');
    const res = await new TestClient(svc.url).post('/auth/sign_up', { email: 'TAKEN@example.com', password: 'another password' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, errors: ['Email has already been taken'] });
  });

  test('bad input gets 422 with every message, and no account', async () => {
    const res = await new TestClient(svc.url).post('/auth/sign_up', { email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, errors: ['Email is invalid', 'Password must be at least 8 characters'] });
    const missing = await new TestClient(svc.url).post('/auth/sign_up', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual(['Email is invalid', 'Password must be at least 8 characters']);
  });

  test('malformed JSON is a 400 and an oversized body a 413, never a 500', async () => {
    const c = new TestClient(svc.url);
    const bad = await c.request('POST', '/auth/sign_up', undefined, { raw: '{"email":' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, errors: ['Invalid JSON body'] });
    const big = await c.post('/auth/sign_up', { email: 'big@example.com', password: 'x'.repeat(3 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ success: false, errors: ['Request body is too large'] });
  });
});

describe('session, sign in and sign out', () => {
  test('GET /auth/session answers the user and a CSRF token, or 401 when signed out', async () => {
    const c = new TestClient(svc.url);
    expect((await c.get('/auth/session')).status).toBe(401);
    const user = await c.signUp();
    const res = await c.get('/auth/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user, csrf_token: c.csrf });
  });

  test('sign in with the right password starts a new session; a wrong one is refused', async () => {
    const c = new TestClient(svc.url);
    const user = await c.signUp('signin@example.com', 'the right password');
    const wrong = await new TestClient(svc.url).post('/auth/sign_in', { email: 'signin@example.com', password: 'the wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, errors: ['Invalid email or password'] });
    const unknown = await new TestClient(svc.url).post('/auth/sign_in', { email: 'nobody@example.com', password: 'whatever123' });
    expect(unknown.body).toEqual({ success: false, errors: ['Invalid email or password'] });

    const d = new TestClient(svc.url);
    const ok = await d.post('/auth/sign_in', { email: 'SignIn@example.com', password: 'the right password' });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toEqual(user);
    expect(d.cookie).toBeDefined();
    expect(d.cookie).not.toEqual(c.cookie);
    expect((await d.get('/auth/session')).body.user).toEqual(user);
  });

  test('sign out needs the CSRF token and revokes the session server-side', async () => {
    const c = new TestClient(svc.url);
    await c.signUp();
    const oldCookie = c.cookie!;
    const noToken = await c.post('/auth/sign_out', {}, { csrf: false });
    expect(noToken.status).toBe(403);
    expect(noToken.body).toEqual({ success: false, errors: ['Invalid or missing CSRF token'] });
    const wrongToken = await c.post('/auth/sign_out', {}, { csrf: false, headers: { 'x-csrf-token': 'forged' } });
    expect(wrongToken.status).toBe(403);

    const out = await c.post('/auth/sign_out');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(c.cookie).toBeUndefined();

    // Replaying the old cookie (e.g. stolen before sign-out) no longer works.
    const replay = new TestClient(svc.url);
    replay.cookie = oldCookie;
    expect((await replay.get('/auth/session')).status).toBe(401);
  });

  test('a tampered cookie is not a session', async () => {
    const c = new TestClient(svc.url);
    await c.signUp();
    const [v, payload, mac] = c.cookie!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, uid: 1, adm: true })).toString('base64url');
    c.cookie = [v, forged, mac].join('.');
    expect((await c.get('/auth/session')).status).toBe(401);
  });

  test('repeated failed sign-ins are rate limited with 429 and Retry-After', async () => {
    const c = new TestClient(svc.url);
    await c.signUp('limited@example.com', 'the right password');
    for (let i = 0; i < 5; i += 1) {
      const res = await new TestClient(svc.url).post('/auth/sign_in', { email: 'limited@example.com', password: `wrong ${i} password` });
      expect(res.status).toBe(401);
    }
    const blocked = await new TestClient(svc.url).post('/auth/sign_in', { email: 'limited@example.com', password: 'the right password' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body).toEqual({ success: false, errors: ['Too many sign-in attempts. Please try again later.'] });
  });

  const signInFrom = (url: string, email: string, password: string, address: string) =>
    new TestClient(url).post('/auth/sign_in', { email, password }, { headers: { 'x-forwarded-for': address } });

  test('the limit holds across instances: failures on either count together', async () => {
    const other = await startTestService(identityService, database.db, { env: { SIGN_IN_MAX_FAILURES: '5' } });
    try {
      await new TestClient(svc.url).signUp('shared@example.com', 'the right password');
      for (let i = 0; i < 5; i += 1) {
        const res = await signInFrom(i % 2 ? other.url : svc.url, 'shared@example.com', `wrong ${i} password`, '198.51.100.1');
        expect(res.status).toBe(401);
      }
      for (const url of [svc.url, other.url]) {
        const blocked = await signInFrom(url, 'shared@example.com', 'the right password', '198.51.100.2');
        expect([blocked.status, blocked.body.errors]).toEqual([429, ['Too many sign-in attempts. Please try again later.']]);
      }
    } finally {
      await other.close();
    }
  });

  test("a successful sign-in forgets the email's failures", async () => {
    await new TestClient(svc.url).signUp('forgiven@example.com', 'the right password');
    const fail = (i: number) => signInFrom(svc.url, 'forgiven@example.com', `wrong ${i} password`, '198.51.100.3');
    for (let i = 0; i < 4; i += 1) expect((await fail(i)).status).toBe(401);
    expect((await signInFrom(svc.url, 'forgiven@example.com', 'the right password', '198.51.100.3')).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await fail(i)).status).toBe(401);
    expect((await fail(5)).status).toBe(429);
  });

  test('one address may fail five times as often as one email, whichever emails it tries', async () => {
    // One failure per email here: the address's limit is 5.
    const strict = await startTestService(identityService, database.db, { env: { SIGN_IN_MAX_FAILURES: '1' } });
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await signInFrom(strict.url, `guess${i}@example.com`, 'a guessed password', '203.0.113.9');
        expect(res.status).toBe(401);
      }
      const blocked = await signInFrom(strict.url, 'guess9@example.com', 'a guessed password', '203.0.113.9');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address may still try that email.
      expect((await signInFrom(strict.url, 'guess9@example.com', 'a guessed password', '203.0.113.10')).status).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

test('every answer carries a request id, taken from the gateway when given', async () => {
  const c = new TestClient(svc.url);
  const res = await c.get('/auth/session', { headers: { 'x-request-id': 'req-from-gateway' } });
  expect(res.headers.get('x-request-id')).toBe('req-from-gateway');
  expect((await c.get('/auth/session')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test('health and readiness', async () => {
  const c = new TestClient(svc.url);
  expect((await c.get('/healthz')).body).toEqual({ status: 'ok' });
  expect((await c.get('/readyz')).body).toEqual({ status: 'ready' });
});
