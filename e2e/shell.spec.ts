import { expect, test } from '@playwright/test';

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
