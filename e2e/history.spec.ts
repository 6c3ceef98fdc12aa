import { expect, test, type Page } from '@playwright/test';
import { createFile, openFile, serverFile, signUp } from './support/files';

// History through nginx (docs/dashboard.md#history): a file's versions from its menu, a diff
// against the current text, Restore with a confirmation, and the editor then shows the old
// text; the same for a journal day, on a phone-wide screen.

const editor = (page: Page) => page.locator('.cm-content');

test('a file: edit, open History from its menu, see the diff, restore, the editor shows the old text', async ({ page }) => {
  const api = await signUp(page, 'history');
  const id = await createFile(api, 'work-profile', 'Plan.md', '# Plan\n\nOriginal line.');
  await openFile(page, 'work-profile', id);
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nAdded in the editor.');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  const row = page.locator(`[data-testid="explorer-file"][data-file-id="${id}"]`);
  await row.getByRole('button', { name: 'Actions for Plan.md' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'History of Plan.md' });
  const points = dialog.getByTestId('history-points').getByRole('button');
  await expect(points).toHaveCount(2);
  await expect(points.nth(0)).toContainText('Current version');
  await expect(points.nth(1)).toContainText('just now');
  await expect(points.nth(1)).toContainText('22 characters');
  const diff = dialog.getByRole('region', { name: 'Changes since this version' });
  await expect(diff.getByTestId('diff-summary')).toHaveText('+1 added−0 removed3 unchanged');
  await expect(diff.locator('[data-type="added"]')).toContainText('Added in the editor.');

  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore this version' });
  await expect(confirm).toContainText('The text you have now stays in the history.');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editor(page)).toHaveText(/^# Plan\s*Original line\.$/);
  await expect(page.getByTestId('markdown-preview')).not.toContainText('Added in the editor.');
  const stored = await serverFile(api, id);
  expect(stored).toMatchObject({ content: '# Plan\n\nOriginal line.', revision: 3 });

  // The text before the restore is a version now, and typing goes on from the restored revision.
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(points).toHaveCount(3);
  await page.keyboard.press('Escape');
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Then more.');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  expect((await serverFile(api, id)).content).toBe('# Plan\n\nOriginal line. Then more.');
});

test('a journal day at 390 px: History shows the diff, Restore brings the old text back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await signUp(page, 'dayhistory');
  const day = '2026-02-12';
  for (const content of ['Met Ada about the roadmap.', 'Met Ada about the roadmap.\nDecided to drop the beta.'])
    expect((await api.request.post(`/journal/${day}/save`, { headers: api.headers, data: { content } })).status()).toBe(200);

  await page.goto(`/journal/${day}`);
  await expect(page.locator('[data-testid="markdown-editor"][data-ready="true"]')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^History of / });
  const diff = dialog.getByRole('region', { name: 'Changes since this version' });
  await expect(diff.locator('[data-type="added"]')).toHaveText(/Decided to drop the beta\./);
  // Nothing wider than the phone: the versions sit above the diff.
  const width = await dialog.evaluate((el) => el.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await page.getByRole('dialog', { name: 'Restore this version' }).getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editor(page)).toHaveText('Met Ada about the roadmap.');
  const entry = await (await api.request.get(`/journal/${day}`, { headers: api.headers })).json();
  expect(entry.entry).toEqual({ date: day, content: 'Met Ada about the roadmap.', revision: 3 });
});
