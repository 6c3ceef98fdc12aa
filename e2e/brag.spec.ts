import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { forbidNativeDialogs } from './support/dialogs';
import { createFile, serverFile, signUp } from './support/files';
import { isoDay } from './support/planning';

// The About me panel's brag document through nginx: after a quick generation, the statements and
// the period's dated evidence (a completed todo, a journal entry) are gathered into markdown,
// saved into the workspace's work-profile folder and opened on the dashboard.

const panel = (page: Page) => page.getByTestId('aboutme-root');

test('About me: a brag document lists a completed todo and a journal entry of the period, is saved, and opens on the dashboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const noNativeDialogs = forbidNativeDialogs(page);
  const api = await signUp(page, 'brag');
  await createFile(api, 'past-projects', 'wins.md', '# Wins\n\n- Cut checkout latency by 40% in Q2.');
  const todo = await api.request.post('/planning/todos', {
    headers: api.headers,
    data: { todo: { title: 'Shipped the billing service', due_date: isoDay(-5) } },
  });
  expect(todo.status(), await todo.text()).toBe(201);
  const { todo: made } = (await todo.json()) as { todo: { id: number } };
  expect((await api.request.patch(`/planning/todos/${made.id}/toggle_completed`, { headers: api.headers })).ok()).toBe(true);
  const journalDay = isoDay(-3);
  const entry = await api.request.post(`/journal/${journalDay}/save`, {
    headers: api.headers,
    data: { content: '# Closed the Babbage deal\n\nI closed the Babbage deal after three months of talks.' },
  });
  expect(entry.ok(), await entry.text()).toBe(true);

  await page.goto('/dashboard');
  await test.step('a quick generation', async () => {
    const name = panel(page).getByTestId('aboutme-full_name');
    const saved = page.waitForResponse((r) => r.url().endsWith('/profile') && r.request().method() === 'PATCH' && r.ok());
    await name.fill('Ada Lovelace');
    await name.blur();
    await saved;
    await panel(page).getByRole('button', { name: 'Generate' }).click();
    const modal = page.getByRole('dialog', { name: 'Generate your profile' });
    await expect(modal.getByLabel('User prompt')).toHaveValue(/Ada Lovelace/);
    await modal.getByLabel('Quick').check();
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(panel(page).getByTestId('aboutme-statement').filter({ hasText: 'I cut checkout latency by 40% in Q2.' })).toHaveCount(1);
    await expect(panel(page).getByTestId('aboutme-loading')).toHaveCount(0, { timeout: 30_000 });
  });

  await test.step('Brag document → the preview lists the statement, the todo and the journal entry', async () => {
    await panel(page).getByRole('button', { name: 'Brag document' }).click();
    const preview = panel(page).getByTestId('brag-preview');
    await expect(preview.getByRole('heading', { name: 'Brag document: Ada Lovelace' })).toBeVisible();
    await expect(preview).toContainText('I cut checkout latency by 40% in Q2.');
    await expect(preview).toContainText('Shipped the billing service');
    // The entry as evidence of the month, and as the source of the statement made from it: both link the day.
    const days = preview.getByRole('link', { name: /^Journal, / });
    await expect(days).toHaveCount(2);
    for (const day of await days.all()) await expect(day).toHaveAttribute('href', `/journal/${journalDay}`);
    await expect(preview).toContainText('Closed the Babbage deal');
    // The todo links to its own address (the todo scrolled to and highlighted), not /planning.
    await expect(preview.getByRole('link', { name: /^Completed, / })).toHaveAttribute('href', `/planning/all_todos?todo=${made.id}`);
    expect(await seriousViolations(page, '[data-testid="brag-view"]')).toEqual([]);
  });

  await test.step('Save → the dashboard opens the new file with that content', async () => {
    await panel(page).getByTestId('brag-text').press('Control+End');
    await panel(page).getByTestId('brag-text').pressSequentially('\nWritten by me.');
    await panel(page).getByRole('button', { name: 'Save to workspace' }).click();
    await expect(page.getByTestId('dashboard-workspace')).toHaveAttribute('data-view', 'file', { timeout: 15_000 });
    const editor = page.locator('.cm-content');
    await expect(editor).toContainText('# Brag document: Ada Lovelace');
    await expect(editor).toContainText('Shipped the billing service');
    const index = (await (await api.request.get('/files', { headers: api.headers })).json()) as Record<
      string,
      { id: number; name: string }[]
    >;
    expect(index['work-profile']?.map((f) => f.name)).toEqual([`brag-document-${isoDay(0)}.md`]);
    // The editor draws only the lines in view: the edit at the end is checked in what was saved.
    expect((await serverFile(api, index['work-profile']![0]!.id)).content).toContain('Written by me.');
    // Opened at its address: a reload opens it again.
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?folder=work-profile&file=brag-document-${isoDay(0)}\\.md$`));
    await page.reload();
    await expect(page.locator('.cm-content')).toContainText('# Brag document: Ada Lovelace');
    await expect(page.getByTestId('dashboard-workspace')).toHaveAttribute('data-view', 'file');
  });

  await test.step('generate again: the saved brag document is no evidence (no repeats, no "Period:" claim)', async () => {
    await page.goto('/dashboard');
    await panel(page).getByRole('tab', { name: 'Edit' }).click();
    await panel(page).getByRole('button', { name: 'Generate' }).click();
    const modal = page.getByRole('dialog', { name: 'Generate your profile' });
    await expect(modal.getByLabel('User prompt')).not.toHaveValue(/Brag document/);
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(panel(page).getByTestId('aboutme-loading')).toHaveCount(0, { timeout: 30_000 });
    const profile = (await (await api.request.get('/profile', { headers: api.headers })).json()) as {
      statements: { text: string; source: string }[];
    };
    const texts = profile.statements.map((s) => s.text);
    expect(texts.filter((t) => t.startsWith('Period:'))).toEqual([]);
    expect(texts.filter((t) => t === 'I cut checkout latency by 40% in Q2.')).toHaveLength(1);
    expect(profile.statements.filter((s) => s.source.includes('brag-document'))).toEqual([]);
  });

  noNativeDialogs();
});
