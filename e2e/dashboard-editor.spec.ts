import { expect, test, type Page } from '@playwright/test';
import { createFile, openFile, serverFile, signUp } from './support/files';

// The dashboard's file workspace through nginx: CodeMirror editor + editable preview, autosave
// with revisions and a local draft, the chat's proposed updates (diff panel), and a stale
// revision (409). Files are created through the API so the test does not depend on the
// explorer's own flows; the file is opened by clicking its row in the explorer.

const ACCEPT_TEXT = "Great! I've updated your file. How does that look?";
const REJECT_TEXT = "No problem! Let's continue our conversation. What else would you like to explore?";
const EDIT_TEXT = 'Perfect! You can now edit the content directly. What would you like to adjust?';

const editor = (page: Page) => page.locator('.cm-content');
const status = (page: Page) => page.getByTestId('save-status');

async function typeAtEnd(page: Page, text: string) {
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('typing autosaves with the revision, and the text is there after a reload (even one right after typing)', async ({ page }) => {
  const api = await signUp(page, 'editor');
  const id = await createFile(api, 'work-profile', 'Resume.md', '# Resume\n\nFirst line.');
  await openFile(page, 'work-profile', id);
  await expect(page).toHaveTitle('Resume');
  await expect(page.getByTestId('markdown-preview').locator('h1')).toHaveText('Resume');

  const patches: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && new URL(req.url()).pathname === `/files/${id}`) patches.push(req.postData() ?? '');
  });
  await typeAtEnd(page, '\nSaved by the autosave.');
  await expect(status(page)).toHaveText('Saved');
  expect(JSON.parse(patches[0]!)).toEqual({
    file: { content: '# Resume\n\nFirst line.\nSaved by the autosave.', revision: 1, save_id: expect.any(String) },
  });
  expect((await serverFile(api, id)).content).toBe('# Resume\n\nFirst line.\nSaved by the autosave.');
  // The preview follows the editor.
  await expect(page.getByTestId('markdown-preview')).toContainText('Saved by the autosave.');

  // Reload at once: page hide sends a keepalive save and the local draft covers the rest.
  await typeAtEnd(page, '\nTyped just before the reload.');
  await page.reload();
  await openFile(page, 'work-profile', id);
  await expect(editor(page)).toContainText('Typed just before the reload.');
  await expect.poll(async () => (await serverFile(api, id)).content).toContain('Typed just before the reload.');
});

test('the open file is in the address: a reload opens it again, and About me takes it out', async ({ page }) => {
  const api = await signUp(page, 'address');
  const id = await createFile(api, 'work-profile', 'Design (v2).md', '# Design\n');
  await openFile(page, 'work-profile', id);
  await expect(page).toHaveURL(/\/dashboard\?folder=work-profile&file=Design\+%28v2%29\.md$/);
  await page.reload();
  await expect(page.getByTestId('file-workspace')).toHaveAttribute('data-file-id', String(id));
  await expect(page).toHaveTitle('Design (v2)');
  await page.getByRole('button', { name: 'About me', exact: true }).click();
  await expect(page.getByTestId('aboutme-root')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('chat → update file → diff panel: accept (after 1 s, saved), reject and edit', async ({ page }) => {
  const api = await signUp(page, 'diff');
  const id = await createFile(api, 'interview-stories', 'Migration story.md', '# Migration story\n');
  await openFile(page, 'interview-stories', id);

  const input = page.getByLabel('Message', { exact: true });
  await input.fill('The situation: our billing database was at capacity and failing every week.');
  await input.press('Enter');
  await expect(page.getByRole('log', { name: 'Messages' }).locator('[data-role="assistant"]')).toHaveCount(2);
  await expect(page.getByTestId('chat-typing')).toHaveCount(0);

  const requestUpdate = async () => {
    await page.getByRole('button', { name: 'Update file' }).click();
    await expect(page.getByTestId('diff-view')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('editor-pane')).toBeHidden();
  };
  const lastAssistant = () => page.getByRole('log', { name: 'Messages' }).locator('[data-role="assistant"] .cc-chat-text').last();

  // Reject: back to the editor, nothing changed.
  await requestUpdate();
  await expect(page.getByTestId('diff-view').locator('[data-type="added"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByTestId('diff-view')).toHaveCount(0);
  await expect(lastAssistant()).toHaveText(REJECT_TEXT);
  await expect(editor(page)).toHaveText('# Migration story');

  // Accept: the editor takes the text after the 1 s delay, and it is saved.
  await requestUpdate();
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Accept All' }).click();
  await expect(page.getByTestId('diff-view')).toHaveCount(0);
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(950);
  await expect(editor(page)).toContainText('billing database');
  await expect(lastAssistant()).toHaveText(ACCEPT_TEXT);
  await expect.poll(async () => (await serverFile(api, id)).content).toContain('billing database');
  const accepted = (await serverFile(api, id)).content;

  // Edit: the suggestion goes into the editor to adjust.
  await input.fill('My task was to lead the migration with zero downtime.');
  await input.press('Enter');
  await expect(page.getByTestId('chat-typing')).toHaveCount(0);
  await requestUpdate();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('diff-view')).toHaveCount(0);
  await expect(lastAssistant()).toHaveText(EDIT_TEXT);
  await expect(editor(page)).toContainText('zero downtime');
  await expect.poll(async () => (await serverFile(api, id)).content).not.toBe(accepted);
});

test('svc-files unreachable while typing, then back: nothing typed is lost', async ({ page }) => {
  const api = await signUp(page, 'outage');
  const id = await createFile(api, 'work-profile', 'Outage.md', 'Start.');
  await openFile(page, 'work-profile', id);

  await page.route('**/files/*', (route) => route.abort());
  await typeAtEnd(page, ' Written during the outage.');
  await expect(status(page)).toHaveText('Save failed');
  await typeAtEnd(page, ' And some more.');
  // Kept in the browser until the server confirms.
  await expect
    .poll(async () => JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `cc:draft:file:${id}`)) ?? '{}').content)
    .toBe('Start. Written during the outage. And some more.');
  expect((await serverFile(api, id)).content).toBe('Start.');

  await page.unroute('**/files/*');
  // The retry (with backoff) saves it once the service answers again.
  await expect(status(page)).toHaveText('Saved', { timeout: 30_000 });
  expect((await serverFile(api, id)).content).toBe('Start. Written during the outage. And some more.');
  expect(await page.evaluate((key) => localStorage.getItem(key), `cc:draft:file:${id}`)).toBeNull();
  await page.reload();
  await openFile(page, 'work-profile', id);
  await expect(editor(page)).toHaveText('Start. Written during the outage. And some more.');
});

test('a save on a stale revision shows both versions; keep mine wins over the new revision', async ({ page }) => {
  const api = await signUp(page, 'conflict');
  const id = await createFile(api, 'work-profile', 'Shared.md', 'Line one.');
  await openFile(page, 'work-profile', id);
  await typeAtEnd(page, ' Mine.');
  await expect(status(page)).toHaveText('Saved');

  // Another tab changes the file (the documented call: no revision → it wins; docs/api.md#stale-saves).
  const other = await api.request.patch(`/files/${id}`, {
    headers: api.headers,
    data: { file: { content: 'Line one. Changed in another tab.' } },
  });
  expect(other.status()).toBe(200);

  await typeAtEnd(page, ' More of mine.');
  const panel = page.getByTestId('conflict-panel');
  await expect(panel).toBeVisible();
  await expect(status(page)).toHaveText('Save failed');
  await expect(panel.getByTestId('conflict-mine')).toContainText('Line one. Mine. More of mine.');
  await expect(panel.getByTestId('conflict-theirs')).toContainText('Line one. Changed in another tab.');
  expect((await serverFile(api, id)).content).toBe('Line one. Changed in another tab.');

  await panel.getByRole('button', { name: 'Keep mine' }).click();
  await expect(panel).toHaveCount(0);
  await expect(status(page)).toHaveText('Saved');
  const saved = await serverFile(api, id);
  expect(saved.content).toBe('Line one. Mine. More of mine.');
  expect(saved.revision).toBe(4);
});

test('a task box ticked in the preview writes [x] at that item (every other byte kept) and is saved', async ({ page }) => {
  const api = await signUp(page, 'tasks');
  const content = '# Week\n\n* [ ] call the mentor\n*   [ ]  send the deck\n  - [x] nested done\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
  const id = await createFile(api, 'work-profile', 'Week.md', content);
  await openFile(page, 'work-profile', id);
  const preview = page.getByTestId('markdown-preview');
  const box = preview.getByRole('checkbox', { name: 'Done: send the deck' });
  await expect(box).not.toBeChecked();

  await box.click();
  const ticked = content.replace('*   [ ]  send the deck', '*   [x]  send the deck');
  await expect(preview.getByRole('checkbox', { name: 'Done: send the deck' })).toBeChecked();
  await expect(status(page)).toHaveText('Saved');
  await expect.poll(async () => (await serverFile(api, id)).content).toBe(ticked);
  await expect(editor(page)).toContainText('*   [x]  send the deck');

  // From the keyboard too: Space on the focused box unticks the nested one.
  const nested = preview.getByRole('checkbox', { name: 'Done: nested done' });
  await nested.focus();
  await page.keyboard.press('Space');
  await expect(preview.getByRole('checkbox', { name: 'Done: nested done' })).not.toBeChecked();
  await expect.poll(async () => (await serverFile(api, id)).content).toBe(ticked.replace('- [x] nested done', '- [ ] nested done'));
});

test('the editor and the preview fill the height side by side, scroll together, and can be shown one at a time', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await signUp(page, 'layout');
  const body = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of a long story about the migration.`).join('\n\n');
  const id = await createFile(api, 'work-profile', 'Long.md', `# Long\n\n${body}\n`);
  await openFile(page, 'work-profile', id);
  const preview = page.getByTestId('markdown-preview');
  const scroller = page.locator('.cm-scroller');
  const [editorBox, previewBox] = [await scroller.boundingBox(), await preview.boundingBox()];
  // Side by side, as tall as each other, and most of the window's height.
  expect(Math.abs(editorBox!.y - previewBox!.y)).toBeLessThan(2);
  expect(previewBox!.x).toBeGreaterThan(editorBox!.x + editorBox!.width - 1);
  expect(previewBox!.height).toBeGreaterThan(900 * 0.6);

  await scroller.evaluate((el) => (el.scrollTop = (el.scrollHeight - el.clientHeight) / 2));
  await expect.poll(async () => preview.evaluate((el) => el.scrollTop / (el.scrollHeight - el.clientHeight))).toBeGreaterThan(0.4);
  expect(await preview.evaluate((el) => el.scrollTop / (el.scrollHeight - el.clientHeight))).toBeLessThan(0.6);

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(scroller).toBeHidden();
  await expect(preview).toBeVisible();
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: 'Side by side' }).click();
  await expect(preview).toBeVisible();
});
