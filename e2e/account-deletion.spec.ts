import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { MESSAGES } from './support/env';
import { PASSWORD, signUpApi, submitAuthForm, uniqueEmail, type SessionAnswer } from './support/helpers';

// Issue 22, account deletion (docs/api.md#account-deletion): Settings → Delete account, through
// nginx and every service on Postgres.

const SESSION_COOKIE = 'cc_session';
const JSON_HEADERS = { accept: 'application/json' };

/** A file, a todo and a person, through the API as the signed-in user. */
async function fillAccount(request: APIRequestContext, session: SessionAnswer): Promise<void> {
  const headers = { ...JSON_HEADERS, 'X-CSRF-Token': session.csrf_token };
  const made = await Promise.all([
    request.post('/files', { headers, data: { file: { folder: 'career-goals', name: 'promotion.md', content: '# Promotion' } } }),
    request.post('/planning/todos', { headers, data: { todo: { title: 'Ask for the promotion review' } } }),
    request.post('/people', { headers, data: { person: { full_name: 'Grace Hopper' } } }),
  ]);
  for (const res of made) expect(res.status(), await res.text()).toBeLessThan(300);
}

/** How much the account holds, read as the user. */
async function holdings(request: APIRequestContext) {
  const [files, todos, people] = await Promise.all([
    request.get('/files', { headers: JSON_HEADERS }),
    request.get('/planning/todos', { headers: JSON_HEADERS }),
    request.get('/people', { headers: JSON_HEADERS }),
  ]);
  return {
    folders: Object.keys((await files.json()) as object).length,
    todos: ((await todos.json()) as { todos: unknown[] }).todos.length,
    people: ((await people.json()) as unknown[]).length,
  };
}

/** A raw request with exactly this cookie (no cookie jar in between). */
async function withCookie(baseURL: string, path: string, cookie: string, init: RequestInit = {}) {
  const res = await fetch(new URL(path, baseURL), {
    ...init,
    headers: { ...JSON_HEADERS, 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${cookie}`, ...(init.headers ?? {}) },
  });
  return res.status;
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test('a user deletes their account from Settings: everything goes, the other user keeps theirs', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('delete-me');
  const ada = await signUpApi(page.request, email);
  await fillAccount(page.request, ada);
  const other = await browser.newContext({ baseURL });
  const grace = await signUpApi(other.request);
  await fillAccount(other.request, grace);

  await openSettings(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)!.value;
  // The browser keeps things for the account (the shell records whose they are).
  expect(await page.evaluate(() => localStorage.getItem('cc:account'))).toBe(String(ada.user.id));
  await page.evaluate(() => localStorage.setItem('aiFoldersCount', '8'));

  const section = page.getByRole('region', { name: 'Delete account' });
  await expect(section).toContainText('This cannot be undone.');
  const button = section.getByRole('button', { name: 'Delete my account' });
  await section.getByLabel('Your password').fill(PASSWORD);
  await expect(button).toBeDisabled();
  await section.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expect(button).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await button.click();

  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('status')).toHaveText('Your account was deleted, with everything in it.');
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect((await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

  // Signing in again fails: the account is gone.
  await submitAuthForm(page, 'sign-in', email);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);

  // The old cookie is refused by identity, and any write by another service at once.
  expect(await withCookie(baseURL!, '/auth/session', cookie)).toBe(401);
  const write = { method: 'POST', headers: { 'X-CSRF-Token': ada.csrf_token } };
  expect(await withCookie(baseURL!, '/folders', cookie, { ...write, body: JSON.stringify({ name: 'back again' }) })).toBe(401);
  expect(await withCookie(baseURL!, '/planning/todos', cookie, { ...write, body: JSON.stringify({ todo: { title: 'x' } }) })).toBe(401);
  // A read may use svc-files' answer about the session for 15 s; then it is refused too.
  await expect.poll(() => withCookie(baseURL!, '/files', cookie), { timeout: 20_000, intervals: [1000] }).toBe(401);

  // The email signs up again as a new, empty account; the other user still has everything.
  const again = await browser.newContext({ baseURL });
  await signUpApi(again.request, email);
  expect(await holdings(again.request)).toEqual({ folders: 0, todos: 0, people: 0 });
  expect(await holdings(other.request)).toEqual({ folders: 1, todos: 1, people: 1 });
  await again.close();
  await other.close();
});

test('at 390 px, by keyboard: a wrong password is said inline and nothing is deleted', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await signUpApi(page.request);
  await fillAccount(page.request, session);
  await openSettings(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByLabel('Your password').focus();
  await page.keyboard.type('not my password');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Type DELETE to confirm')).toBeFocused();
  await page.keyboard.type('DELETE');
  await page.keyboard.press('Enter');

  await expect(section.getByRole('alert')).toHaveText('The password is not correct');
  await expect(section.getByLabel('Your password')).toBeFocused();
  await expect(section.getByLabel('Your password')).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await holdings(page.request)).toEqual({ folders: 1, todos: 1, people: 1 });
  await expect(page).toHaveURL(/\/settings$/);
});
