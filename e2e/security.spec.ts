import { expect, test, type APIRequestContext } from '@playwright/test';
import { sessionApi, signUpApi, uniqueEmail, type SessionAnswer } from './support/helpers';

const SESSION_COOKIE = 'cc_session';
const JSON_HEADERS = { accept: 'application/json' };

async function sessionCookie(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  const cookie = cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie, `a ${SESSION_COOKIE} cookie after sign-in`).toBeTruthy();
  return cookie!.value;
}

/** A raw request with exactly this cookie (no cookie jar in between). */
async function withCookie(baseURL: string, path: string, cookie: string, init: RequestInit = {}) {
  const res = await fetch(new URL(path, baseURL), {
    ...init,
    headers: {
      ...JSON_HEADERS,
      'content-type': 'application/json',
      cookie: `${SESSION_COOKIE}=${cookie}`,
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  let body: { errors?: unknown; user?: { id: unknown; email: string } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON: the assertion on the status will say what came back */
  }
  return { status: res.status, body, text };
}

test.describe('CSRF', () => {
  test('a write without X-CSRF-Token is refused with 403; with the session token it is not', async ({ page }) => {
    await signUpApi(page.request);
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-root')).toBeVisible();

    const folder = { folder: { name: 'CSRF check' } };
    const noToken = await page.request.post('/folders', { data: folder, headers: JSON_HEADERS });
    expect(noToken.status()).toBe(403);
    expect((await noToken.json()).errors).toEqual(expect.any(Array));

    const badToken = await page.request.post('/folders', { data: folder, headers: { ...JSON_HEADERS, 'X-CSRF-Token': 'not-a-token' } });
    expect(badToken.status()).toBe(403);

    const signOutNoToken = await page.request.post('/auth/sign_out', { headers: JSON_HEADERS });
    expect(signOutNoToken.status()).toBe(403);
    expect((await signOutNoToken.json()).errors).toEqual(expect.any(Array));

    const session = await sessionApi(page.request);
    expect(session.status).toBe(200);
    const token = session.body.csrf_token!;
    expect(token).toBeTruthy();
    // The shell exposes the same token to the remotes' fetch wrapper.
    await expect(page.locator('meta[name="csrf-token"]')).toHaveAttribute('content', token);

    const withToken = await page.request.post('/folders', { data: folder, headers: { ...JSON_HEADERS, 'X-CSRF-Token': token } });
    expect(withToken.status(), await withToken.text()).not.toBe(403);
    expect(withToken.status()).not.toBe(401);

    const signOut = await page.request.post('/auth/sign_out', { headers: { ...JSON_HEADERS, 'X-CSRF-Token': token } });
    expect(signOut.status()).toBe(200);
    expect(await signOut.json()).toMatchObject({ success: true });
    expect((await sessionApi(page.request)).status).toBe(401);
  });
});

test.describe('isolation between users', () => {
  test('two users in two browser contexts each see only their own session', async ({ browser, baseURL }) => {
    const contextA = await browser.newContext({ baseURL });
    const contextB = await browser.newContext({ baseURL });
    try {
      const a: SessionAnswer = await signUpApi(contextA.request, uniqueEmail('iso-a'));
      const b: SessionAnswer = await signUpApi(contextB.request, uniqueEmail('iso-b'));
      expect(a.user.id).not.toEqual(b.user.id);

      const sessionA = await sessionApi(contextA.request);
      const sessionB = await sessionApi(contextB.request);
      expect(sessionA.body.user).toMatchObject({ id: a.user.id, email: a.user.email });
      expect(sessionB.body.user).toMatchObject({ id: b.user.id, email: b.user.email });
      expect(sessionA.body.csrf_token).not.toEqual(sessionB.body.csrf_token);

      // In the browser too: each page shows its own user.
      const pageA = await contextA.newPage();
      const pageB = await contextB.newPage();
      await Promise.all([pageA.goto('/dashboard'), pageB.goto('/dashboard')]);
      await expect(pageA.getByTestId('user-email')).toHaveText(a.user.email);
      await expect(pageB.getByTestId('user-email')).toHaveText(b.user.email);

      const cookieA = await sessionCookie(contextA.request);
      const cookieB = await sessionCookie(contextB.request);

      // B's cookie answers B, never A.
      const asB = await withCookie(baseURL!, '/auth/session', cookieB);
      expect(asB.status).toBe(200);
      expect(asB.body.user).toMatchObject({ id: b.user.id, email: b.user.email });

      // A's CSRF token does not authorise a write with B's cookie (the token is bound to the session).
      const crossToken = await withCookie(baseURL!, '/folders', cookieB, {
        method: 'POST',
        body: JSON.stringify({ folder: { name: 'x' } }),
        headers: { 'X-CSRF-Token': sessionA.body.csrf_token! },
      });
      expect(crossToken.status, crossToken.text).toBe(403);

      // A cookie stitched from A's claims and B's signature is rejected everywhere.
      const [versionA, payloadA] = cookieA.split('.');
      const macB = cookieB.split('.').slice(2).join('.');
      const forged = `${versionA}.${payloadA}.${macB}`;
      expect(forged).not.toEqual(cookieA);
      expect((await withCookie(baseURL!, '/auth/session', forged)).status).toBe(401);
      expect((await withCookie(baseURL!, '/folders', forged)).status).toBe(401);
    } finally {
      await contextA.close();
      await contextB.close();
    }
  });

  test('a cookie replayed after sign-out gets 401 from identity and from another service', async ({ playwright, baseURL }) => {
    // User C never called svc-files while signed in, so svc-files has nothing cached for this
    // session: its first check asks svc-identity, which knows the session is revoked → 401 at once.
    const c = await playwright.request.newContext({ baseURL });
    // User D did call svc-files while signed in: svc-files caches "active" for up to 15 s, so
    // its 401 is awaited (polled for up to 20 s) rather than expected at once.
    const d = await playwright.request.newContext({ baseURL });
    try {
      const userC = await signUpApi(c, uniqueEmail('replay-c'));
      const userD = await signUpApi(d, uniqueEmail('replay-d'));
      const cookieC = await sessionCookie(c);
      const cookieD = await sessionCookie(d);

      expect((await withCookie(baseURL!, '/auth/session', cookieC)).status).toBe(200);
      const warm = await withCookie(baseURL!, '/folders', cookieD);
      expect(warm.status, 'GET /folders while signed in passes auth').not.toBe(401);

      for (const [ctx, user] of [
        [c, userC],
        [d, userD],
      ] as const) {
        const out = await ctx.post('/auth/sign_out', { headers: { ...JSON_HEADERS, 'X-CSRF-Token': user.csrf_token } });
        expect(out.status()).toBe(200);
      }

      // Identity answers from its own table: immediate.
      expect((await withCookie(baseURL!, '/auth/session', cookieC)).status).toBe(401);
      expect((await withCookie(baseURL!, '/auth/session', cookieD)).status).toBe(401);

      // Another service (svc-files behind /folders), never asked about C's session before.
      const foldersC = await withCookie(baseURL!, '/folders', cookieC);
      expect(foldersC.status, foldersC.text).toBe(401);
      expect(foldersC.body.errors).toEqual(expect.any(Array));
      // A write with the old token is refused as well.
      const writeC = await withCookie(baseURL!, '/folders', cookieC, {
        method: 'POST',
        body: JSON.stringify({ folder: { name: 'after sign-out' } }),
        headers: { 'X-CSRF-Token': userC.csrf_token },
      });
      expect([401, 403]).toContain(writeC.status);

      // D: svc-files cached "active" for reads, but a write always asks identity: refused at once.
      const writeD = await withCookie(baseURL!, '/folders', cookieD, {
        method: 'POST',
        body: JSON.stringify({ name: 'after sign-out' }),
        headers: { 'X-CSRF-Token': userD.csrf_token },
      });
      expect(writeD.status, writeD.text).toBe(401);
      // Reads follow once the 15 s cache entry expires (or at once, now that the write learnt it).
      await expect
        .poll(async () => (await withCookie(baseURL!, '/folders', cookieD)).status, { timeout: 20_000, intervals: [1_000] })
        .toBe(401);
    } finally {
      await c.dispose();
      await d.dispose();
    }
  });
});
