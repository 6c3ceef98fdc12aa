import knexFactory from 'knex';
import { expect, type Page } from '@playwright/test';
import { DATABASE_URL } from './env';
import { PASSWORD, signUpApi, uniqueEmail } from './helpers';

/**
 * A new account made an administrator. Only the very first account of a database is one, and the
 * suite shares its database, so the flag is set in identity's table and the user signs in again:
 * the new session carries it.
 */
export async function adminUser(page: Page, tag: string) {
  const email = uniqueEmail(tag);
  await signUpApi(page.request, email);
  const db = knexFactory({ client: 'pg', connection: DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    await db.withSchema('identity').table('users').where({ email }).update({ is_admin: true });
  } finally {
    await db.destroy();
  }
  const res = await page.request.post('/auth/sign_in', { data: { email, password: PASSWORD }, headers: { accept: 'application/json' } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { user: { is_admin: boolean }; csrf_token: string };
  expect(body.user.is_admin).toBe(true);
  return { email, csrf: body.csrf_token };
}

/** Opens /coaching and closes the purpose modal that every check-in visit shows. */
export async function openCoaching(page: Page) {
  await page.goto('/coaching');
  await expect(page.getByTestId('coaching-root')).toBeVisible({ timeout: 15_000 });
  await closePurpose(page);
}

/** The purpose dialog every visit to a check-in tab opens: closed by its ×, its Close button or a backdrop click. */
export async function closePurpose(page: Page, how: 'x' | 'button' | 'backdrop' = 'button') {
  const dialog = page.locator('.cc-modal', { has: page.locator('.cc-modal-footer button', { hasText: /^Close$/ }) });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  if (how === 'x') await dialog.locator('.cc-modal-close').click();
  else if (how === 'button') await dialog.locator('.cc-modal-footer button', { hasText: /^Close$/ }).click();
  else await page.locator('.cc-modal-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toBeHidden();
}
