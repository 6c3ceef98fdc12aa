import { expect, test, type Page } from '@playwright/test';
import { openFile } from './support/files';
import { sessionApi, submitAuthForm, uniqueEmail } from './support/helpers';

// Issue 7 §11: two accounts, one after the other, in the same browser. What the first kept in
// the browser (chat copies, unsaved drafts, suggestion counts) is gone at sign-out, and the
// second sees none of the first one's chats, even where the server has nothing for them.

const DAY = '2026-01-05';
const FOLDER = 'career-goals';
const FILE = 'Next step.md';
const JOURNAL_SECRET = 'Journal of A: I am thinking of leaving my team.';
const FILE_SECRET = 'File chat of A: my salary target is confidential.';

async function createFile(page: Page): Promise<number> {
  const { body } = await sessionApi(page.request);
  const headers = { accept: 'application/json', 'x-csrf-token': body.csrf_token ?? '' };
  const res = await page.request.post('/files', {
    headers,
    data: { file: { name: FILE, folder: FOLDER, description: '', content: '# Next step\n' } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { file: { id: number } }).file.id;
}

async function chat(page: Page, text: string) {
  const input = page.getByLabel('Message', { exact: true });
  await input.fill(text);
  await input.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  // The user's own message (the coach may quote it back in its reply).
  await expect(log.locator('[data-role="user"]').getByText(text)).toBeVisible();
  await expect(page.getByTestId('chat-typing')).toHaveCount(0);
}

/** Types in the open editor while saves are refused, so the text stays a local draft. */
async function typeUnsaved(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());
const conversationAnswer = (page: Page, fragment: string) =>
  page.waitForResponse(
    (r) => r.url().includes('/ai_chat/conversation') && decodeURIComponent(r.url()).includes(fragment) && r.request().method() === 'GET',
  );

test('after sign-out, the next account in the same browser sees nothing the first one kept', async ({ page }) => {
  let fileA = 0;

  await test.step('account A: signs up, chats about a file and about a journal day, leaves unsaved drafts and a count', async () => {
    await page.goto('/sign-up');
    await submitAuthForm(page, 'sign-up', uniqueEmail('privacy-a'));
    await expect(page.getByTestId('explorer-root')).toBeVisible();
    fileA = await createFile(page);
    await page.reload();
    await openFile(page, FOLDER, fileA, { stay: true });
    await chat(page, FILE_SECRET);
    // Saves fail from now on: what A types next stays in the browser as a draft.
    await page.route('**/files/*', (route) => (route.request().method() === 'PATCH' ? route.abort() : route.fallback()));
    await page.route(`**/journal/${DAY}/save`, (route) => route.abort());
    await typeUnsaved(page, '\nUnsaved line of A.');
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), `cc:draft:file:${fileA}`)).toContain('Unsaved line of A.');

    await page.getByRole('button', { name: 'Suggested folders' }).click();
    await page.getByLabel('Number of folders').fill('8');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => localStorage.getItem('aiFoldersCount'))).toBe('8');

    await page.goto(`/journal/${DAY}`);
    await expect(page.getByTestId('journal-root')).toHaveAttribute('data-date', DAY);
    await chat(page, JOURNAL_SECRET);
    await expect(page.locator('[data-testid="markdown-editor"][data-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await typeUnsaved(page, 'Unsaved journal line of A.');
    await expect.poll(async () => (await storedKeys(page)).filter((k) => k.startsWith('cc:draft:journal:'))).toHaveLength(1);
    expect(await storedKeys(page)).toEqual(
      expect.arrayContaining([`chat:journal/${DAY}.md`, `chat:${FOLDER}/${FILE}`, `cc:draft:file:${fileA}`, 'aiFoldersCount']),
    );
  });

  await test.step('A signs out: the browser keeps nothing of A', async () => {
    // A's drafts could not be saved (the test refuses them): sign-out says so and stays,
    // until A chooses to sign out anyway.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Some of your latest changes are not saved' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out anyway' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect.soft(await storedKeys(page), 'localStorage after sign-out').toEqual([]);
  });

  await test.step('account B signs up in the same tab (no page load) and opens the same journal day', async () => {
    await page.getByRole('link', { name: 'Create an account' }).click();
    await submitAuthForm(page, 'sign-up', uniqueEmail('privacy-b'));
    await expect(page.getByTestId('explorer-root')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Journal', exact: true }).click();
    const calendar = page.getByTestId('journal-calendar');
    await expect(calendar).toBeVisible();
    const synced = conversationAnswer(page, `${DAY}.md`);
    await calendar.getByLabel('Go to date').fill(DAY);
    await calendar.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page.getByTestId('journal-root')).toHaveAttribute('data-date', DAY);
    await synced;
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.locator('[data-role="assistant"]').first()).toBeVisible();
    await expect(log.getByText(JOURNAL_SECRET)).toHaveCount(0);
    await expect(page.locator('.cm-content')).not.toContainText('Unsaved journal line of A.');
  });

  await test.step('B opens a file with the same folder and name: no chat of A', async () => {
    const fileB = await createFile(page);
    const synced = conversationAnswer(page, `file_id=${fileB}`);
    await page.goto('/dashboard');
    await openFile(page, FOLDER, fileB, { stay: true });
    await synced;
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.locator('[data-role="assistant"]').first()).toBeVisible();
    await expect(log.getByText(FILE_SECRET)).toHaveCount(0);
    await expect(page.locator('.cm-content')).not.toContainText('Unsaved line of A.');
  });

  await test.step("B's browser storage holds only B's account", async () => {
    const { body } = await sessionApi(page.request);
    const keys = await storedKeys(page);
    expect(keys).not.toContain(`cc:draft:file:${fileA}`);
    expect(keys).not.toContain('aiFoldersCount');
    expect(keys.filter((k) => k.startsWith('cc:draft:journal:'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('cc:account'))).toBe(String(body.user?.id));
    const chatCopies = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('chat:'))
        .map((k) => localStorage.getItem(k) ?? ''),
    );
    for (const copy of chatCopies) {
      expect(copy).not.toContain(JOURNAL_SECRET);
      expect(copy).not.toContain(FILE_SECRET);
    }
  });
});

test('a tab left open when another tab switches accounts starts over as the new account', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/sign-up');
  const emailA = uniqueEmail('tab-a');
  await submitAuthForm(first, 'sign-up', emailA);
  await expect(first.getByTestId('user-email')).toHaveText(emailA);
  await first.goto(`/journal/${DAY}`);
  await expect(first.getByTestId('user-email')).toHaveText(emailA);

  const second = await context.newPage();
  await second.goto('/dashboard');
  await second.getByRole('button', { name: 'Sign out' }).click();
  await expect(second).toHaveURL(/\/sign-in/);
  // The first tab is signed out with it, says why, and asks to sign in again to come back to its page.
  await expect(first).toHaveURL(/\/sign-in\?next=%2Fjournal%2F/);
  await expect(first.getByRole('status')).toHaveText('You signed out in another tab. Sign in again to come back to this page.');
  const emailB = uniqueEmail('tab-b');
  await second.goto('/sign-up');
  await submitAuthForm(second, 'sign-up', emailB);
  await expect(second.getByTestId('user-email')).toHaveText(emailB);

  // The first tab no longer shows A's name over whatever B's session answers.
  await expect(first.getByTestId('user-email')).toHaveText(emailB, { timeout: 15_000 });
});
