import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signUpApi, uniqueEmail } from './helpers';

/** A signed-up user's API access: the page's request context and the headers a write needs. */
export interface Api {
  request: APIRequestContext;
  headers: Record<string, string>;
}

export async function signUp(page: Page, tag: string): Promise<Api> {
  const session = await signUpApi(page.request, uniqueEmail(tag));
  return { request: page.request, headers: { accept: 'application/json', 'x-csrf-token': session.csrf_token } };
}

export async function createFile(api: Api, folder: string, name: string, content: string): Promise<number> {
  const res = await api.request.post('/files', { headers: api.headers, data: { file: { name, folder, description: '', content } } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { file: { id: number } }).file.id;
}

export interface ServerFile {
  content: string;
  revision: number;
  summary: string;
  summary_revision: number;
}

export async function serverFile(api: Api, id: number): Promise<ServerFile> {
  const res = await api.request.get(`/files/${id}`, { headers: api.headers });
  return ((await res.json()) as { file: ServerFile }).file;
}

/** /dashboard (unless `stay`), then the file's row in the explorer (its folder expanded first). */
export async function openFile(page: Page, folder: string, id: number, { stay = false } = {}) {
  if (!stay) await page.goto('/dashboard');
  const folderRow = page.locator(`[data-testid="explorer-folder"][data-folder-name="${folder}"]`);
  const toggle = folderRow.locator('.folder-toggle');
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await folderRow.locator(`[data-testid="explorer-file"][data-file-id="${id}"] .file-open`).click();
  await expect(page.getByTestId('file-workspace')).toHaveAttribute('data-file-id', String(id));
  await expect(page.locator('[data-testid="markdown-editor"][data-ready="true"]')).toBeVisible({ timeout: 15_000 });
}
