import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { createFile, openFile, signUp } from './support/files';

// Issue 9: the dashboard and the journal pass axe-core with no serious or critical violation,
// in the states a user meets (empty, a file open with its chat, a dialog open, the journal),
// and every action on them is reachable from the keyboard.

test('the empty dashboard has no serious or critical accessibility violation', async ({ page }) => {
  await signUp(page, 'a11y-empty');
  await page.goto('/dashboard');
  await expect(page.getByTestId('explorer-root')).toContainText('No folders yet');
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a file open with its chat, and a dialog over it, have no serious or critical violation', async ({ page }) => {
  const api = await signUp(page, 'a11y-file');
  const id = await createFile(
    api,
    'interview-stories',
    'platform_migration.md',
    '# Platform migration\n\n- [ ] add the result\n\nWe moved billing to the new platform.\n',
  );
  await openFile(page, 'interview-stories', id);
  await page.getByLabel('Message', { exact: true }).fill('What is missing from this story?');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-role="assistant"]').last()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: '+ Folder' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the journal has no serious or critical violation', async ({ page }) => {
  await signUp(page, 'a11y-journal');
  await page.goto('/journal/2026-02-10');
  await expect(page.locator('[data-testid="markdown-editor"][data-ready="true"]')).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

/** Tab through the page and name every control that took focus. */
async function tabStops(page: Page, max = 120): Promise<string[]> {
  const seen: string[] = [];
  await page.locator('body').focus();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const label = el.getAttribute('aria-label') || el.textContent || el.getAttribute('title') || el.getAttribute('placeholder') || '';
      return `${el.tagName.toLowerCase()}:${label.trim().replace(/\s+/g, ' ').slice(0, 40)}`;
    });
    if (name) seen.push(name);
  }
  return seen;
}

test('every dashboard action is reachable with the keyboard', async ({ page }) => {
  const api = await signUp(page, 'a11y-keys');
  const id = await createFile(api, 'career-goals', 'next_role.md', '# Next role\n\nStaff engineer by next year.\n');
  await openFile(page, 'career-goals', id);
  const stops = (await tabStops(page)).join('\n');
  for (const action of ['+ Folder', 'About me', 'Suggested folders', 'Suggested files', 'Add new file', 'Agent', 'Ask']) {
    expect(stops, `Tab reaches "${action}"`).toContain(action);
  }
  // The file's menu opens from the keyboard and its first item takes focus.
  const menuButton = page
    .locator(`[data-testid="explorer-file"][data-file-id="${id}"]`)
    .getByRole('button', { name: 'Actions for next role.md' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toHaveCount(0);
});

// Issue 18: axe on every page and every modal. The shell's own pages (sign in, sign up, a page
// that does not exist) and the dashboard's suggestion modals are checked here; each remote's
// journeys check theirs.
test("the shell's pages and the dashboard's suggestion modals have no serious or critical violation", async ({ page }) => {
  for (const path of ['/sign-in', '/sign-up']) {
    await page.goto(path);
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await signUp(page, 'a11y-shell');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(await seriousViolations(page), 'not found').toEqual([]);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Suggested folders' }).click();
  const folders = page.getByRole('dialog', { name: 'Suggested folders' });
  await expect(folders).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), 'suggested folders').toEqual([]);
});
