import { expect, test } from '@playwright/test';
import { mainNav, remoteRoot, signUpApi } from './support/helpers';

test('an unreachable remote shows "unavailable" + Retry while the rest keeps working', async ({ page }) => {
  const ENTRY = '**/mfe/planning/remoteEntry.js';
  let aborted = 0;
  await page.route(ENTRY, (route) => {
    aborted += 1;
    return route.abort();
  });
  await signUpApi(page.request);

  await page.goto('/dashboard');
  await expect(remoteRoot(page, 'dashboard-root')).toBeVisible();

  const unavailable = page.getByRole('alert').filter({ hasText: 'The Planning section is unavailable right now.' });
  await test.step('Planning shows the unavailable message and a Retry button', async () => {
    await mainNav(page).getByRole('link', { name: 'Planning', exact: true }).click();
    await expect(page).toHaveURL(/\/planning$/);
    await expect.soft(unavailable).toBeVisible();
    // The federation runtime may try the entry more than once, but a handful at most: more
    // means the page keeps re-requesting a remote that is down.
    expect(aborted, 'remoteEntry.js requests while Planning was loading').toBeLessThan(10);
    await expect(unavailable).toBeVisible();
    await expect(unavailable.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(remoteRoot(page, 'planning-root')).toHaveCount(0);
    expect(aborted).toBeGreaterThan(0);
    // Giving up is final until Retry: no request storm against a remote that is down.
    const afterFailure = aborted;
    await page.waitForTimeout(1_000);
    expect(aborted - afterFailure, 'remoteEntry.js requests while the error is shown').toBe(0);
  });

  await test.step('the nav, Dashboard and People still work', async () => {
    await mainNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(remoteRoot(page, 'dashboard-root')).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'People', exact: true }).click();
    await expect(remoteRoot(page, 'people-root')).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Planning', exact: true }).click();
    await expect(unavailable).toBeVisible();
  });

  await test.step('once the remote is reachable again, Retry renders Planning', async () => {
    await page.unroute(ENTRY);
    await unavailable.getByRole('button', { name: 'Retry' }).click();
    const planning = remoteRoot(page, 'planning-root');
    await expect(planning).toBeVisible();
    await expect(planning).toHaveAttribute('data-remote', 'planning');
    await expect(unavailable).toHaveCount(0);
  });
});

// index.html preloads the address's remote entries (EarlyPageRequestsPlugin): a cold visit of
// a page whose remote is down must still end in the section's notice, not a blank page or a
// loading state that never ends, and Retry must fetch the entry again.
test('a cold visit of a page whose remote is down shows "unavailable", and Retry renders it once it is back', async ({ page }) => {
  const ENTRY = '**/mfe/planning/remoteEntry.js';
  await page.route(ENTRY, (route) => route.abort());
  await signUpApi(page.request);

  await page.goto('/planning');
  const unavailable = page.getByRole('alert').filter({ hasText: 'The Planning section is unavailable right now.' });
  await expect(unavailable).toBeVisible();
  await expect(remoteRoot(page, 'planning-root')).toHaveCount(0);

  await page.unroute(ENTRY);
  await unavailable.getByRole('button', { name: 'Retry' }).click();
  await expect(remoteRoot(page, 'planning-root')).toBeVisible();
});

test("a cold /dashboard visit with the people remote down shows the dashboard and the About me panel's notice", async ({ page }) => {
  await page.route('**/mfe/people/remoteEntry.js', (route) => route.abort());
  await signUpApi(page.request);

  await page.goto('/dashboard');
  await expect(remoteRoot(page, 'dashboard-root')).toBeVisible();
  await expect(page.getByText('The About me panel is unavailable right now.')).toBeVisible();
  await expect(remoteRoot(page, 'aboutme-root')).toHaveCount(0);
});
