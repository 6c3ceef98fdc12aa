import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signUpApi, uniqueEmail } from './helpers';

/** A new account for a planning journey; `api` sends its JSON calls with the CSRF token. */
export async function planningUser(page: Page, tag: string) {
  const session = await signUpApi(page.request, uniqueEmail(tag));
  const headers = { accept: 'application/json', 'x-csrf-token': session.csrf_token };
  const api = {
    async post(path: string, data: unknown) {
      const res = await page.request.post(path, { headers, data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return res.json();
    },
    async get(path: string) {
      const res = await page.request.get(path, { headers });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return res.json();
    },
  };
  return { session, api, request: page.request as APIRequestContext };
}

/** A day `days` after today, YYYY-MM-DD in the browser's (local) calendar. */
export function isoDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
