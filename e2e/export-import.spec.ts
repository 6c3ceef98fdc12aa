import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { fileAddress, journalAddress } from '@cc/contracts/addresses';
import { IMPORT_MESSAGES } from '@cc/contracts/import';
import { seriousViolations } from './support/axe';
import { signUp, type Api } from './support/files';

// Export and Import through nginx (docs/export.md, docs/import.md): one user's workspace leaves
// as a zip from Settings, another user brings it in from Settings, and what was written opens
// at its address. A zip that is not one is refused inline, with nothing written; a zipped
// Obsidian vault comes in with its app settings and images listed as left out.

const FOLDER = 'Career stories';
const FOLDER_DESCRIPTION = 'Stories to tell in interviews';
const FILE = 'Launch retro.md';
const FILE_DESCRIPTION = 'What the billing launch taught me';
const FILE_TEXT = '# Launch retro\n\nShipped billing two weeks early by cutting the beta.';
const DAY = '2026-11-03';
const DAY_TEXT = 'Told Ada about the billing launch.';
const TODO = 'Ask Grace for a reference';
const EXPORT_NAME = /^career-workspace-(\d{4}-\d{2}-\d{2})\.zip$/;

async function fillWorkspace(api: Api): Promise<void> {
  const post = (url: string, data: object) => api.request.post(url, { headers: api.headers, data });
  for (const [url, data] of [
    ['/folders', { name: FOLDER, description: FOLDER_DESCRIPTION }],
    ['/files', { file: { folder: FOLDER, name: FILE, description: FILE_DESCRIPTION, content: FILE_TEXT } }],
    [`/journal/${DAY}/save`, { content: DAY_TEXT }],
    ['/planning/todos', { todo: { title: TODO } }],
  ] as const) {
    const res = await post(url, data);
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

/**
 * Remembers whether an element matching `selector` was ever in the page: a small account's
 * export downloads in a few milliseconds, faster than a locator polls, yet its bar is drawn.
 */
async function watchFor(page: Page, selector: string): Promise<() => Promise<boolean>> {
  const key = `seen:${selector}`;
  await page.evaluate(
    ([sel, k]) => {
      const w = window as unknown as Record<string, boolean>;
      w[k] = false;
      new MutationObserver((_, observer) => {
        if (document.querySelector(sel)) {
          w[k] = true;
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    },
    [selector, key] as const,
  );
  return () => page.evaluate((k) => (window as unknown as Record<string, boolean>)[k] === true, key);
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('export a workspace from Settings, import the zip into another account: the file and the journal day open there', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const ada = await signUp(page, 'export');
  await fillWorkspace(ada);

  let zipPath = '';
  await test.step('Settings → Export: the bar, then the zip under its dated name, then the section says so', async () => {
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Export' });
    const sawProgress = await watchFor(page, 'progress[aria-label="Export progress"]');
    const before = new Date().toISOString().slice(0, 10);
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export my workspace' }).click();
    const zip = await download;
    const after = new Date().toISOString().slice(0, 10);
    const name = zip.suggestedFilename();
    expect(name).toMatch(EXPORT_NAME);
    expect([before, after]).toContain(EXPORT_NAME.exec(name)![1]);
    zipPath = testInfo.outputPath(name);
    await zip.saveAs(zipPath);
    expect(await sawProgress()).toBe(true);
    await expect(section.getByRole('status')).toHaveText(
      new RegExp(`^Your export is saved as ${name.replace(/\./g, '\\.')} \\([\\d.]+ (KB|MB)\\)\\.$`),
    );
    await expect(section.getByRole('button', { name: 'Export again' })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);

    // What the browser saved is the whole workspace, readable as it is.
    const entries = unzipSync(new Uint8Array(await readFile(zipPath)));
    const text = (path: string) => {
      expect(Object.keys(entries)).toContain(path);
      return strFromU8(entries[path]!);
    };
    const file = text(`files/${FOLDER}/${FILE}`);
    expect(file).toContain(`description: ${JSON.stringify(FILE_DESCRIPTION)}`);
    expect(file).toContain(FILE_TEXT);
    expect(text(`journal/2026/${DAY}.md`)).toContain(DAY_TEXT);
    expect(text('planning/todos.md')).toContain(`- [ ] ${TODO}`);
    expect(text('workspace.json')).toMatch(/^\{"format_version":1,/);
  });

  const other = await browser.newContext({ baseURL, locale: 'en-GB' });
  const grace = await other.newPage();
  const graceApi = await signUp(grace, 'import');
  await test.step('another account: Settings → Import the zip, the progress, then what came in', async () => {
    await openSettings(grace);
    const section = grace.getByRole('region', { name: 'Import' });
    await section.getByLabel('Zip file (up to 100 MB)').setInputFiles(zipPath);
    const sawProgress = await watchFor(grace, 'progress[aria-label="Import progress"]');
    await section.getByRole('button', { name: 'Import zip' }).click();
    await expect(section.getByRole('status')).toHaveText('Imported 1 folder, 1 file, 1 journal day, 1 todo.', { timeout: 30_000 });
    expect(await sawProgress()).toBe(true);
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Import zip' })).toBeDisabled();
    expect(await seriousViolations(grace)).toEqual([]);
  });

  await test.step('the imported file opens at its address with its text; the folder and file keep their descriptions', async () => {
    await grace.goto(fileAddress(FOLDER, FILE));
    await expect(grace.getByTestId('file-workspace')).toBeVisible();
    await expect(grace.locator('[data-testid="markdown-editor"][data-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await expect(grace.locator('.cm-content')).toContainText('Shipped billing two weeks early by cutting the beta.');
    const folders = (await (await graceApi.request.get('/folders', { headers: graceApi.headers })).json()) as {
      folders: { name: string; description: string }[];
    };
    expect(folders.folders).toEqual([expect.objectContaining({ name: FOLDER, description: FOLDER_DESCRIPTION })]);
    const index = (await (await graceApi.request.get('/files', { headers: graceApi.headers })).json()) as Record<
      string,
      { name: string; description: string }[]
    >;
    expect(index[FOLDER]).toEqual([expect.objectContaining({ name: FILE, description: FILE_DESCRIPTION })]);
  });

  await test.step('the journal day shows its text; the todo is on the list', async () => {
    await grace.goto(journalAddress(DAY));
    await expect(grace.getByTestId('journal-root')).toHaveAttribute('data-date', DAY);
    await expect(grace.locator('.cm-content')).toHaveText(DAY_TEXT, { timeout: 15_000 });
    const todos = (await (await graceApi.request.get('/planning/todos', { headers: graceApi.headers })).json()) as {
      todos: { title: string }[];
    };
    expect(todos.todos.map((t) => t.title)).toEqual([TODO]);
  });
  await other.close();
});

test('at 390 px: a ".zip" that is text is refused inline with nothing imported; a vault then comes in, what was left out listed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await signUp(page, 'notazip');
  await openSettings(page);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  const section = page.getByRole('region', { name: 'Import' });
  const button = section.getByRole('button', { name: 'Import zip' });
  await expect(button).toBeDisabled();
  await section.getByLabel('Zip file (up to 100 MB)').setInputFiles({
    name: 'notes.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('# Notes\n\nThese are notes, not a zip.\n'),
  });
  await button.click();
  await expect(section.getByRole('alert')).toHaveText(IMPORT_MESSAGES.notAZip);
  await expect(section.getByRole('status')).toHaveCount(0);
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  const files = await (await api.request.get('/files', { headers: api.headers })).json();
  expect(files).toEqual({});
  const journal = (await (await api.request.get('/journal', { headers: api.headers })).json()) as { entries: unknown[] };
  expect(journal.entries).toEqual([]);

  // Choosing another zip clears the reason given for the last one.
  const vault = zipSync({
    'Vault/.obsidian/app.json': strToU8('{"livePreview":true}'),
    'Vault/Daily/2026-11-01.md': strToU8('Had the promotion talk.'),
    'Vault/Projects/Roadmap.md': strToU8('# Roadmap\n\nShip billing.'),
    'Vault/attachments/diagram.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  });
  await section
    .getByLabel('Zip file (up to 100 MB)')
    .setInputFiles({ name: 'vault.zip', mimeType: 'application/zip', buffer: Buffer.from(vault) });
  await expect(section.getByRole('alert')).toHaveCount(0);
  await button.click();
  const summary = section.getByRole('status');
  await expect(summary).toContainText('Imported 1 folder, 1 file, 1 journal day.', { timeout: 30_000 });
  await summary.getByText('2 entries were left out (see why)').click();
  const left = summary.getByRole('list', { name: 'Left out of the import' });
  await expect(left.getByRole('listitem')).toHaveText([
    'Vault/attachments/diagram.png: Not a markdown file.',
    'Vault/.obsidian/: A hidden folder (an app’s settings) with 1 file, not notes.',
  ]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  const index = (await (await api.request.get('/files', { headers: api.headers })).json()) as Record<string, { name: string }[]>;
  expect(Object.fromEntries(Object.entries(index).map(([folder, files]) => [folder, files.map((f) => f.name)]))).toEqual({
    Projects: ['Roadmap.md'],
  });
});
