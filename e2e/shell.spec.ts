import { expect, test } from '@playwright/test';
import { signUpApi, uniqueEmail } from './support/helpers';

// Issue 9: a favicon and page titles. The tab shows the product's icon (no 404 for
// /favicon.ico on every page) and a title.
test('every page names the product icon, which the gateway serves', async ({ page, request }) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(new URL(r.url()).pathname);
  });
  await page.goto('/sign-in');
  await expect(page).toHaveTitle(/Career workspace|Sign in/);
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBe('/favicon.svg');
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/svg+xml');
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
});

// Issue 18: every page is usable on a phone: at 390 px nothing makes the page itself scroll
// sideways (the header's sections wrap to their own row and scroll there if they must).
test('at a phone width no page scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpApi(page.request, uniqueEmail('phone'));
  for (const path of ['/dashboard', '/journal', '/planning/all_todos', '/planning/action_plan', '/coaching', '/people']) {
    await page.goto(path);
    await expect(page.locator('[data-remote]').first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect({ path, scroll }).toEqual({ path, scroll: client });
  }
});
