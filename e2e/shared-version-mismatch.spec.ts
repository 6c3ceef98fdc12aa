import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { mainNav, remoteRoot, signUpApi } from './support/helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let out = '';

// The coaching remote (the smallest) built as if against React 99: its shared react singleton
// requires ^99 while the shell provides 19. Served in place of the deployed one.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  out = mkdtempSync(path.join(os.tmpdir(), 'cc-coaching-react99-'));
  try {
    await promisify(execFile)(
      path.join(root, 'node_modules', '.bin', 'webpack'),
      ['-c', 'mfe-coaching/webpack.config.js', '--mode', 'production', '--env', 'requiredVersions.react=^99', '--output-path', out],
      { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    throw new Error(`The coaching remote did not build:\n${`${stdout}\n${stderr}`.trim().slice(-4000)}`, { cause: err });
  }
  expect(existsSync(path.join(out, 'remoteEntry.js'))).toBe(true);
});

test.afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

test('a remote built against another React shows its section error and names the package; the shell keeps working', async ({ page }) => {
  await page.route('**/mfe/coaching/**', (route) => {
    const file = path.join(out, path.basename(new URL(route.request().url()).pathname));
    if (!existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: readFileSync(file) });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signUpApi(page.request);
  await page.goto('/dashboard');
  await expect(remoteRoot(page, 'dashboard-root')).toBeVisible();

  const unavailable = page.getByRole('alert').filter({ hasText: 'The Coaching section is unavailable right now.' });
  await test.step('Coaching shows its error with Retry, and the console says which package and versions', async () => {
    await mainNav(page).getByRole('link', { name: 'Coaching', exact: true }).click();
    await expect(unavailable).toBeVisible();
    await expect(unavailable.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(remoteRoot(page, 'coaching-root')).toHaveCount(0);
    await expect
      .poll(() => errors.find((e) => e.includes('[shell] the Coaching section failed')) ?? errors.join('\n'))
      .toMatch(/shared singleton module react does not satisfy the requirement of coaching which needs \^99/);
  });

  await test.step('the other sections still work', async () => {
    await mainNav(page).getByRole('link', { name: 'Planning', exact: true }).click();
    await expect(remoteRoot(page, 'planning-root')).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(remoteRoot(page, 'dashboard-root')).toBeVisible();
    await expect(unavailable).toHaveCount(0);
  });
});
