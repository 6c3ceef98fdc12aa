import { expect, test } from '@playwright/test';
import { signUpApi, uniqueEmail } from './support/helpers';

// The journal page through nginx: the entry editor autosaves 2 s after the last input, the
// calendar marks the days that have an entry, and the day buttons and the calendar navigate.

test('a journal entry autosaves after 2 s, shows on the calendar and is there after a reload', async ({ page }) => {
  const session = await signUpApi(page.request, uniqueEmail('journal'));
  const headers = { accept: 'application/json', 'x-csrf-token': session.csrf_token };
  await page.request.post('/journal/2026-02-03/save', { headers, data: { content: 'An earlier entry.' } });

  await page.goto('/journal/2026-02-10');
  await expect(page.getByTestId('journal-root')).toHaveAttribute('data-date', '2026-02-10');
  await expect(page).toHaveTitle('Journal – 2026-02-10');
  const calendar = page.getByTestId('journal-calendar');
  await expect(calendar.locator('[data-date="2026-02-03"]')).toHaveAttribute('data-has-entry', 'true');
  await expect(calendar.locator('[data-date="2026-02-10"]')).toHaveAttribute('data-has-entry', 'false');

  await expect(page.locator('[data-testid="markdown-editor"][data-ready="true"]')).toBeVisible({ timeout: 15_000 });
  const saves: number[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/journal/2026-02-10/save') saves.push(Date.now());
  });
  await page.locator('.cm-content').click();
  await page.keyboard.type('Shipped the billing migration.');
  const typed = Date.now();
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });
  expect(saves).toHaveLength(1);
  // Not before 2 s after the last keystroke (allowing for the time the typing itself reported).
  expect(saves[0]! - typed).toBeGreaterThanOrEqual(1800);
  await expect(calendar.locator('[data-date="2026-02-10"]')).toHaveAttribute('data-has-entry', 'true');
  await expect(page.getByTestId('markdown-preview')).toContainText('Shipped the billing migration.');

  const entry = await (await page.request.get('/journal/2026-02-10', { headers })).json();
  expect(entry.entry.content).toBe('Shipped the billing migration.');
  const list = await (await page.request.get('/journal', { headers })).json();
  expect(list.entries.map((e: { date: string }) => e.date)).toEqual(['2026-02-03', '2026-02-10']);

  await page.reload();
  await expect(page.locator('.cm-content')).toHaveText('Shipped the billing migration.', { timeout: 15_000 });
  await expect(page.getByTestId('journal-calendar').locator('[data-date="2026-02-10"]')).toHaveAttribute('data-has-entry', 'true');
});

test('previous / next day and the calendar move between dates', async ({ page }) => {
  await signUpApi(page.request, uniqueEmail('journalnav'));
  await page.goto('/journal/2026-03-01');
  const root = page.getByTestId('journal-root');
  await page.getByRole('button', { name: /Previous day/ }).click();
  await expect(root).toHaveAttribute('data-date', '2026-02-28');
  await expect(page).toHaveURL(/\/journal\/2026-02-28$/);
  await expect(page).toHaveTitle('Journal – 2026-02-28');
  await page.getByRole('button', { name: /Next day/ }).click();
  await page.getByRole('button', { name: /Next day/ }).click();
  await expect(root).toHaveAttribute('data-date', '2026-03-02');

  const calendar = page.getByTestId('journal-calendar');
  await expect(calendar).toHaveAttribute('data-month', '2026-03');
  await calendar.getByRole('button', { name: 'Next month' }).click();
  await expect(calendar).toHaveAttribute('data-month', '2026-04');
  await calendar.locator('[data-date="2026-04-15"]').click();
  await expect(page).toHaveURL(/\/journal\/2026-04-15$/);
  await calendar.getByLabel('Go to date').fill('2025-12-24');
  await calendar.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(root).toHaveAttribute('data-date', '2025-12-24');
  await expect(calendar).toHaveAttribute('data-month', '2025-12');
});
