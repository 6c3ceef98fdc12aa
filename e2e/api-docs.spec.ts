import { expect, test } from '@playwright/test';
import { signUpApi, uniqueEmail } from './support/helpers';

// Issue 19: the route table is the contract, and it is published: /openapi.json (OpenAPI 3.1)
// through the gateway, rendered at /api/docs, whose code no other page loads.
test('the API reference renders every call of the route table from /openapi.json', async ({ page, request }) => {
  const doc = await request.get('/openapi.json');
  expect(doc.status()).toBe(200);
  expect(doc.headers()['content-type']).toMatch(/application\/json/);
  const spec = (await doc.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(spec.openapi).toBe('3.1.0');
  expect(Object.keys(spec.paths)).toContain('/files/{id}');

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/api/docs');
  await expect(page).toHaveTitle(/API reference/);
  // Swagger UI: each service is a section (a heading), each call a row naming its path.
  await page.getByRole('heading', { name: /^files/ }).click();
  await expect(page.locator('[data-path="/files/{id}/summary"]').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('no page of the app loads the API reference code', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (/swagger|openapi/.test(r.url())) loaded.push(r.url());
  });
  await signUpApi(page.request, uniqueEmail('apidocs'));
  await page.goto('/dashboard');
  await expect(page.locator('[data-remote]').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
});
