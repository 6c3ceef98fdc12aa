import { expect, test, type Page } from '@playwright/test';
import { createFile, signUp } from './support/files';

// The search palette through nginx (docs/search.md#the-palette): Ctrl-K from any page, a prefix
// finds a file by a word of its text, Enter opens it on the dashboard; on a phone it is a sheet.

const STORY = '# Billing\n\nLed the ledger migration without downtime: two million accounts in a weekend.\n';

function palette(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  return { dialog, field: dialog.getByRole('combobox', { name: 'Search your workspace' }) };
}

test('Ctrl-K, a prefix, the file found with its word marked, Enter opens it on the dashboard', async ({ page }) => {
  const api = await signUp(page, 'search');
  const id = await createFile(api, 'interview-stories', 'billing.md', STORY);

  await page.goto('/planning');
  await expect(page.locator('[data-remote]').first()).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Control+k');
  const { dialog, field } = palette(page);
  await expect(field).toBeFocused();
  await field.pressSequentially('migr');

  const row = dialog.getByRole('group', { name: 'Files' }).getByRole('option', { name: /billing/ });
  await expect(row).toBeVisible();
  await expect(row.locator('mark')).toHaveText(['migration']);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row).toHaveAttribute('href', '/dashboard?folder=interview-stories&file=billing.md');

  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\?folder=interview-stories&file=billing\.md$/);
  await expect(page.getByTestId('file-workspace')).toHaveAttribute('data-file-id', String(id));
});

test('the header field opens the palette after a pointer over it has already loaded its code', async ({ page }) => {
  await signUp(page, 'searchhover');
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-root')).toBeVisible({ timeout: 15_000 });
  const button = page.getByRole('button', { name: 'Search', exact: true });
  // A person rests the pointer on the field before clicking: its code arrives in between.
  const code = page.waitForResponse((res) => /\/\d+\.[0-9a-f]+\.js$/.test(res.url()) && res.ok());
  await button.hover();
  await code;
  await page.waitForLoadState('networkidle');
  await button.click();
  await expect(palette(page).field).toBeFocused();
});

test('at 390 px the palette is a full-width sheet, the page does not scroll sideways, and Escape gives the focus back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await signUp(page, 'searchphone');
  await createFile(api, 'interview-stories', 'billing.md', STORY);

  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-root')).toBeVisible({ timeout: 15_000 });
  const button = page.getByRole('button', { name: 'Search', exact: true });
  await button.click();
  const { dialog, field } = palette(page);
  await field.pressSequentially('ledger');
  await expect(dialog.getByRole('option', { name: /billing/ })).toBeVisible();

  const box = await dialog.boundingBox();
  expect(box).toMatchObject({ x: 0, width: 390 });
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBe(client);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('the person named as typed is the top hit, above the files that mention them; a journal row shows its day alone', async ({ page }) => {
  const api = await signUp(page, 'searchtop');
  await createFile(api, 'one-on-ones', 'mentoring.md', '# Mentoring\n\nAda suggested I write down the engine talk.\n');
  const person = await api.request.post('/people', { headers: api.headers, data: { person: { full_name: 'Ada Lovelace' } } });
  expect(person.status(), await person.text()).toBe(201);
  const { person: ada } = (await person.json()) as { person: { id: number } };
  const day = await api.request.post('/journal/2026-11-03/save', { headers: api.headers, data: { content: 'Lunch with Ada.' } });
  expect(day.ok(), await day.text()).toBe(true);

  await page.goto('/planning');
  await expect(page.locator('[data-remote]').first()).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Control+k');
  const { dialog, field } = palette(page);
  await field.pressSequentially('Ada');

  const top = dialog.getByRole('group', { name: 'Top hit' });
  await expect(top.getByRole('option')).toHaveText('Ada Lovelace');
  await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('option').first()).toHaveAttribute('href', `/people?person=${ada.id}`);
  await expect(dialog.getByRole('group', { name: 'People' })).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: 'Files' }).getByRole('option')).toHaveCount(1);
  await expect(dialog.getByRole('group', { name: 'Journal' }).getByRole('option').locator('.search-result-title')).toHaveText(
    /^Tuesday,? (3 November|November 3,) 2026$/,
  );

  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/people\\?person=${ada.id}$`));
});

test('at 390 px a short meeting note’s match in its last sentence shows in the row’s two lines, and the row opens the meeting on its Notes tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await signUp(page, 'searchsection');
  const person = await api.request.post('/people', { headers: api.headers, data: { person: { full_name: 'Priya Raman' } } });
  expect(person.status(), await person.text()).toBe(201);
  const { person: priya } = (await person.json()) as { person: { id: number } };
  const notes =
    '# Weekly sync\n\n- Talked about hiring\n- Budget is tight\n\nWe went through the roadmap for next week with Priya and the team. At the end she asked about the audit plan.';
  const created = await api.request.post('/meetings', {
    headers: api.headers,
    data: { meeting: { title: 'Weekly sync', goals: 'Agree the roadmap.', notes }, attendee_ids: [priya.id] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { meeting } = (await created.json()) as { meeting: { id: number } };

  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-root')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const { dialog, field } = palette(page);
  await field.pressSequentially('audit');

  const row = dialog.getByRole('group', { name: 'Meetings' }).getByRole('option', { name: /Weekly sync/ });
  await expect(row).toHaveAttribute('href', `/people?person=${priya.id}&meeting=${meeting.id}&section=notes`);
  // The snippet shows two lines: the marked word is inside what they show.
  const snippet = row.locator('.search-result-snippet');
  await expect(snippet.locator('mark')).toHaveText(['audit']);
  const shown = (await snippet.boundingBox())!;
  const mark = (await snippet.locator('mark').boundingBox())!;
  expect(mark.y + mark.height).toBeLessThanOrEqual(shown.y + shown.height + 1);

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/people\\?person=${priya.id}&meeting=${meeting.id}&section=notes$`));
  await expect(page.getByTestId('meeting-tab-notes')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('meeting-section-notes')).toBeVisible();
  await expect(page.getByTestId('meeting-section-notes')).toHaveValue(notes);
});
