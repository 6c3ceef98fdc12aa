import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import type { RemoteName } from './env';

export const PASSWORD = 'correct horse battery';

export interface SessionUser {
  id: number | string;
  email: string;
  is_admin: boolean;
}
export interface SessionAnswer {
  success: boolean;
  user: SessionUser;
  csrf_token: string;
}

/** A unique address per call, so every test works with its own account. */
export function uniqueEmail(tag = 'user'): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.test`;
}

const JSON_HEADERS = { accept: 'application/json' };

/** Create an account through the API; the request context (e.g. page.request) keeps the cookie. */
export async function signUpApi(request: APIRequestContext, email = uniqueEmail(), password = PASSWORD): Promise<SessionAnswer> {
  const res = await request.post('/auth/sign_up', { data: { email, password }, headers: JSON_HEADERS });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as SessionAnswer;
  expect(body.user.email).toBe(email);
  return body;
}

export async function sessionApi(
  request: APIRequestContext,
): Promise<{ status: number; body: Partial<SessionAnswer> & { errors?: string[] } }> {
  const res = await request.get('/auth/session', { headers: JSON_HEADERS });
  return { status: res.status(), body: (await res.json()) as Partial<SessionAnswer> & { errors?: string[] } };
}

/** Fill and submit the sign-in or sign-up form (labels "Email" and "Password"). */
export async function submitAuthForm(page: Page, mode: 'sign-in' | 'sign-up', email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: mode === 'sign-in' ? 'Sign in' : 'Sign up', exact: true }).click();
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The root element a remote renders for a page (data-testid="<name>-root"). */
export function remoteRoot(page: Page, testId: string) {
  return page.getByTestId(testId);
}

const REMOTE_ENTRY = /\/mfe\/([a-z0-9-]+)\/remoteEntry\.js(?:\?|$)/;

/**
 * Records every remoteEntry.js the browser actually fetched (a response with status 2xx/304),
 * and every JS response under /mfe/ for the "React is loaded once" checks.
 */
export function trackRemoteLoads(page: Page) {
  const entries = new Map<string, number>();
  const mfeScripts: Response[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const match = REMOTE_ENTRY.exec(url.pathname);
    if (match && (response.ok() || response.status() === 304)) entries.set(match[1]!, (entries.get(match[1]!) ?? 0) + 1);
    if (url.pathname.startsWith('/mfe/') && url.pathname.endsWith('.js')) mfeScripts.push(response);
  });
  return {
    entries,
    mfeScripts,
    fetched(name: RemoteName): boolean {
      return (entries.get(name) ?? 0) > 0;
    },
  };
}
