import { expect, test, type Page } from '@playwright/test';
import { createFile, openFile, serverFile, signUp } from './support/files';

// Stale-save protection through nginx: a save whose answer is lost after the commit (the page
// sees a 502) is recognised by the next save, so typing goes on without a conflict; summary,
// goals and the journal refuse a stale save like file content does.

const status = (page: Page) => page.getByTestId('save-status');

async function typeAtEnd(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/**
 * The first write to `path` reaches the service (and commits); the page gets a 502 instead of
 * its answer, once `release` is called (so the test can type on while that save is out).
 */
async function loseFirstAnswer(page: Page, path: string, method: string): Promise<{ committed: Promise<void>; release: () => void }> {
  let lost = false;
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let committedResolve = () => undefined as void;
  const committed = new Promise<void>((resolve) => (committedResolve = resolve));
  await page.route(`**${path}`, async (route) => {
    if (lost || route.request().method() !== method) return route.fallback();
    lost = true;
    const answer = await route.fetch();
    expect(answer.status()).toBe(200);
    committedResolve();
    await released;
    await route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' });
  });
  return { committed, release };
}

/** The statuses the page got for writes to `path`. */
function answersTo(page: Page, path: string): number[] {
  const seen: number[] = [];
  page.on('response', (res) => {
    if (res.request().method() !== 'GET' && new URL(res.url()).pathname === path) seen.push(res.status());
  });
  return seen;
}

test('a file save whose answer is lost (502 after the commit): typing goes on, no conflict, everything saved', async ({ page }) => {
  const api = await signUp(page, 'lostanswer');
  const id = await createFile(api, 'work-profile', 'Lost.md', 'Start.');
  await openFile(page, 'work-profile', id);
  const lose = await loseFirstAnswer(page, `/files/${id}`, 'PATCH');
  const seen = answersTo(page, `/files/${id}`);

  await typeAtEnd(page, ' One.');
  await lose.committed;
  // The service has it; the page is still waiting, and the user types on.
  expect(await serverFile(api, id)).toMatchObject({ content: 'Start. One.', revision: 2 });
  await typeAtEnd(page, ' Two.');
  lose.release();
  await expect(status(page)).toHaveText('Saved', { timeout: 10_000 });
  await expect(page.getByTestId('conflict-panel')).toHaveCount(0);
  expect(await serverFile(api, id)).toMatchObject({ content: 'Start. One. Two.', revision: 3 });
  // The retry was refused as stale (naming the lost save) and saved over it at once.
  expect(seen).toEqual([502, 409, 200]);
});

test('a stale summary is refused and shows both versions; keep mine saves over it', async ({ page }) => {
  const api = await signUp(page, 'stalesummary');
  const id = await createFile(api, 'work-profile', 'Summed.md', 'Content.');
  await api.request.patch(`/files/${id}/summary`, { headers: api.headers, data: { summary: 'First summary.' } });
  await openFile(page, 'work-profile', id);
  await page.getByTestId('content-mode-bar').getByRole('button', { name: 'Summary' }).click();
  await expect(page.locator('.cm-content')).toHaveText('First summary.');

  // Another tab rewrites the summary (no revision: it wins).
  expect((await api.request.patch(`/files/${id}/summary`, { headers: api.headers, data: { summary: 'From another tab.' } })).status()).toBe(
    200,
  );
  await typeAtEnd(page, ' Mine.');
  const panel = page.getByTestId('conflict-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading')).toHaveText("This file's summary was changed elsewhere");
  await expect(panel.getByTestId('conflict-theirs')).toContainText('From another tab.');
  expect((await serverFile(api, id)).summary).toBe('From another tab.');

  await panel.getByRole('button', { name: 'Keep mine' }).click();
  await expect(panel).toHaveCount(0);
  await expect(status(page)).toHaveText('Saved');
  expect(await serverFile(api, id)).toMatchObject({ summary: 'First summary. Mine.', summary_revision: 4 });
});

test('journal: a lost answer goes on without a conflict; a change from another tab is a conflict', async ({ page }) => {
  const api = await signUp(page, 'stalejournal');
  const day = '2026-05-04';
  await page.goto(`/journal/${day}`);
  await expect(page.locator('[data-testid="markdown-editor"][data-ready="true"]')).toBeVisible({ timeout: 15_000 });
  const lose = await loseFirstAnswer(page, `/journal/${day}/save`, 'POST');
  const seen = answersTo(page, `/journal/${day}/save`);

  await typeAtEnd(page, 'Morning.');
  await lose.committed;
  await typeAtEnd(page, ' Evening.');
  lose.release();
  await expect(status(page)).toHaveText('Saved', { timeout: 10_000 });
  await expect(page.getByTestId('conflict-panel')).toHaveCount(0);
  expect(seen).toEqual([502, 409, 200]);
  const entry = async () =>
    (
      (await (await api.request.get(`/journal/${day}`, { headers: api.headers })).json()) as {
        entry: { content: string; revision: number };
      }
    ).entry;
  expect(await entry()).toEqual({ date: day, content: 'Morning. Evening.', revision: 2 });

  // Another tab writes the day: the next save here is refused and both versions are shown.
  await api.request.post(`/journal/${day}/save`, { headers: api.headers, data: { content: 'Rewritten elsewhere.' } });
  await typeAtEnd(page, ' Night.');
  const panel = page.getByTestId('conflict-panel');
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel.getByRole('heading')).toHaveText('This journal entry was changed elsewhere');
  expect((await entry()).content).toBe('Rewritten elsewhere.');
  await panel.getByRole('button', { name: 'Take theirs' }).click();
  await expect(page.locator('.cm-content')).toHaveText('Rewritten elsewhere.');
});
