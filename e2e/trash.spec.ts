import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { forbidNativeDialogs, inAppDialog } from './support/dialogs';
import { createFile, openFile, serverFile, signUp } from './support/files';

// The trash through the gateway (docs/trash.md): a file deleted from the explorer and a todo
// deleted from planning both show on the Trash page (from the user menu), newest first; the
// file is restored and opens at its address with its text; the trash is emptied for good.

let noNativeDialogs: () => void;
test.beforeEach(({ page }) => {
  noNativeDialogs = forbidNativeDialogs(page);
});
test.afterEach(() => noNativeDialogs());

const rows = (page: Page) => page.getByRole('list', { name: 'Deleted items' }).getByRole('listitem');

test('delete a file and a todo, restore the file from the Trash page, it opens; empty the trash', async ({ page }) => {
  const api = await signUp(page, 'trash');
  const id = await createFile(api, 'work-profile', 'Plan.md', '# Plan\n\nKeep this line.');
  const todo = await api.request.post('/planning/todos', { headers: api.headers, data: { todo: { title: 'Send the deck' } } });
  expect(todo.status()).toBe(201);

  await test.step('delete the file from its menu, then the todo from planning', async () => {
    await openFile(page, 'work-profile', id);
    const row = page.locator(`[data-testid="explorer-file"][data-file-id="${id}"]`);
    await row.getByRole('button', { name: 'Actions for Plan.md' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = inAppDialog(page, 'Delete file');
    await expect(confirm).toContainText('Delete "Plan.md"? It stays in the trash for 30 days.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);

    await page.goto('/planning/all_todos');
    const todoRow = page.getByTestId('todo-row').filter({ hasText: 'Send the deck' });
    await todoRow.getByRole('button', { name: /^Delete/ }).click();
    await inAppDialog(page, 'Delete todo').getByRole('button', { name: 'Delete' }).click();
    await expect(todoRow).toHaveCount(0);
  });

  await test.step('the Trash page, from the user menu, lists both newest first', async () => {
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(/\/trash$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(0)).toContainText('TodoSend the deck');
    await expect(rows(page).nth(1)).toContainText('Filework-profile / Plan.md');
    await expect(rows(page).nth(1)).toContainText('Deleted just now · deleted for good in 30 days');
    expect(await seriousViolations(page), 'the Trash page').toEqual([]);
  });

  await test.step('restore the file: the row links to it, and it opens with its text', async () => {
    await rows(page).nth(1).getByRole('button', { name: 'Restore' }).click();
    await expect(rows(page).nth(1)).toContainText('Restored as work-profile / Plan.md.');
    await rows(page).nth(1).getByRole('link', { name: 'Open it' }).click();
    await expect(page).toHaveURL(/\/dashboard\?folder=work-profile&file=Plan\.md$/);
    await expect(page.getByTestId('file-workspace')).toHaveAttribute('data-file-id', String(id));
    await expect(page.locator('.cm-content')).toContainText('Keep this line.');
    expect((await serverFile(api, id)).content).toBe('# Plan\n\nKeep this line.');
  });

  await test.step('empty the trash, after a confirmation: the todo is gone for good', async () => {
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Empty trash' }).click();
    const confirm = inAppDialog(page, 'Empty the trash?');
    await expect(confirm).toContainText('1 item will be deleted for good. This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByText(/^The trash is empty\./)).toBeVisible();
    expect(await seriousViolations(page), 'the empty Trash page').toEqual([]);
    // The page's own address loads it too (the gateway serves the shell to a navigation).
    await page.reload();
    await expect(page.getByText(/^The trash is empty\./)).toBeVisible();
    const trash = (await (await api.request.get('/trash', { headers: api.headers })).json()) as { items: unknown[]; partial: string[] };
    expect(trash).toMatchObject({ items: [], partial: [] });
    expect((await api.request.post('/trash/restore', { headers: api.headers, data: { kind: 'todo', id: 1 } })).status()).toBe(404);
  });
});

test('a journal day: Delete day moves it to the trash, and Restore brings its text back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await signUp(page, 'trashday');
  const day = '2026-02-12';
  expect(
    (await api.request.post(`/journal/${day}/save`, { headers: api.headers, data: { content: 'Met Ada about the roadmap.' } })).status(),
  ).toBe(200);

  await page.goto(`/journal/${day}`);
  await expect(page.locator('.cm-content')).toContainText('Met Ada about the roadmap.');
  await page.getByRole('button', { name: 'Delete day' }).click();
  const confirm = inAppDialog(page, 'Delete this day');
  await expect(confirm).toContainText('It stays in the trash for 30 days.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The entry of this day is in the trash for 30 days.')).toBeVisible();
  await expect(page.locator('.cm-content')).not.toContainText('Met Ada');

  await page.getByRole('link', { name: 'Open the trash' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).nth(0)).toContainText(`Journal day${day}`);
  await rows(page).nth(0).getByRole('button', { name: 'Restore' }).click();
  await rows(page).nth(0).getByRole('link', { name: 'Open it' }).click();
  await expect(page).toHaveURL(new RegExp(`/journal/${day}$`));
  await expect(page.locator('.cm-content')).toContainText('Met Ada about the roadmap.');
});
