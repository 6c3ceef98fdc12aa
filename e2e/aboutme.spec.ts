import { expect, test, type Page } from '@playwright/test';
import { PROFILE_MESSAGES as M } from '@cc/contracts/profile-rules';
import { seriousViolations } from './support/axe';
import { forbidNativeDialogs } from './support/dialogs';
import { createFile, signUp } from './support/files';

// The About me panel through nginx: the dashboard's default view (people remote, through
// federation). Details autosave; quick generation writes statements with their sources, company
// insights and the executive summary (the offline coach in this stack); statements are reviewed;
// a deep research runs as a job the panel finds again after a reload.

const panel = (page: Page) => page.getByTestId('aboutme-root');
const statements = (page: Page) => panel(page).getByTestId('aboutme-statement');

async function fillAndSave(page: Page, field: string, text: string) {
  const input = panel(page).getByTestId(`aboutme-${field}`);
  const saved = page.waitForResponse((r) => r.url().endsWith('/profile') && r.request().method() === 'PATCH' && r.ok());
  await input.fill(text);
  await input.blur();
  await saved;
}

async function submitGeneration(page: Page, mode: 'Quick' | 'Deep research', checkAxe = false) {
  await panel(page).getByRole('tab', { name: 'Edit' }).click();
  await panel(page).getByRole('button', { name: 'Generate' }).click();
  const modal = page.getByRole('dialog', { name: 'Generate your profile' });
  await expect(modal.getByLabel('User prompt')).toHaveValue(/Ada Lovelace/);
  if (checkAxe) expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await modal.getByLabel(mode === 'Quick' ? 'Quick' : /Deep research/).check();
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal).toHaveCount(0);
}

test('About me: details autosave, quick generation with sources, company insights, the narrative, review; deep research resumes after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const noNativeDialogs = forbidNativeDialogs(page);
  const api = await signUp(page, 'aboutme');
  await createFile(api, 'work-profile', 'achievements-log.md', '# Wins\n\n- Cut checkout latency by 40% in Q2.\n- Hired four engineers.');
  // Text inside a note is never a source: the note is (issue 18, defect 3).
  await createFile(
    api,
    'work-profile',
    'press.md',
    'Information from the press office:\nWe launched the payments API to 300 banks in March.',
  );

  await page.goto('/dashboard');
  await expect(panel(page)).toBeVisible();
  // Nothing generated yet: the Edit tab.
  await expect(panel(page).getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true');
  // One "About me" region: the panel (the dashboard's box around it is no second one).
  await expect(page.getByRole('region', { name: 'About me' })).toHaveCount(1);
  expect(await seriousViolations(page, '[data-testid="aboutme-root"]')).toEqual([]);

  await test.step('fill the details → each save says Saved → a reload keeps them', async () => {
    await fillAndSave(page, 'full_name', 'Ada Lovelace');
    await expect(panel(page).getByTestId('aboutme-save')).toHaveText('Saved');
    await fillAndSave(page, 'company', 'Analytical Engines');
    await fillAndSave(page, 'company_description', 'Analytical Engines builds programmable calculating machines.');
    await fillAndSave(page, 'role', 'Head of Engineering');
    await fillAndSave(page, 'extra', 'I lead the platform team of eight engineers.');
    await page.reload();
    await expect(panel(page).getByTestId('aboutme-full_name')).toHaveValue('Ada Lovelace');
    await expect(panel(page).getByTestId('aboutme-role')).toHaveValue('Head of Engineering');
    await expect(panel(page).getByTestId('aboutme-extra')).toHaveValue('I lead the platform team of eight engineers.');
  });

  await test.step('quick generation → statements with sources → company statements → narrative', async () => {
    const updated = page.evaluate(
      (name) => new Promise<boolean>((resolve) => window.addEventListener(name, () => resolve(true), { once: true })),
      M.updatedEvent,
    );
    await submitGeneration(page, 'Quick', true);
    await expect(panel(page).getByRole('tab', { name: 'AI' })).toHaveAttribute('aria-selected', 'true');
    const statement = panel(page).getByTestId('aboutme-statement').filter({ hasText: 'I cut checkout latency by 40% in Q2.' });
    await expect(statement).toHaveCount(1);
    await expect(statement.getByRole('link', { name: 'work-profile/achievements-log.md' })).toHaveAttribute(
      'href',
      '/dashboard?folder=work-profile&file=achievements-log.md',
    );
    await expect(panel(page).getByRole('region', { name: 'Analytical Engines' })).toContainText('builds programmable calculating machines');
    expect(await updated).toBe(true);
    await expect(panel(page).getByTestId('aboutme-narrative')).toContainText('Ada Lovelace');
    await expect(panel(page).getByTestId('aboutme-loading')).toHaveCount(0);
    const press = statements(page).filter({ hasText: 'My team and I launched the payments API to 300 banks in March.' });
    await expect(press.getByRole('link', { name: 'work-profile/press.md' })).toHaveAttribute(
      'href',
      '/dashboard?folder=work-profile&file=press.md',
    );
    await expect(panel(page)).not.toContainText('the press office');
    await expect(panel(page).getByTestId('aboutme-count')).toContainText('statements');
    expect(await seriousViolations(page, '[data-testid="aboutme-root"]')).toEqual([]);
  });

  await test.step("a statement's address opens the review on it, highlighted; a reload keeps it", async () => {
    const profile = (await (await api.request.get('/profile', { headers: api.headers })).json()) as { statements: { text: string }[] };
    const index = profile.statements.findIndex((s) => s.text === 'I cut checkout latency by 40% in Q2.');
    expect(index).toBeGreaterThan(0);
    // The address names it by the number the list shows (its index + 1).
    await page.goto(`/dashboard?about=statements&statement=${index + 1}`);
    const target = statements(page).filter({ hasText: 'I cut checkout latency by 40% in Q2.' });
    await expect(target).toHaveAttribute('aria-current', 'true');
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
    await expect(panel(page).getByRole('button', { name: 'Done reviewing' })).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="aboutme-root"]')).toEqual([]);
    await page.reload();
    await expect(statements(page).filter({ hasText: 'I cut checkout latency by 40% in Q2.' })).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?about=statements&statement=${index + 1}$`));
    await page.goto('/dashboard');
  });

  await test.step('delete a statement: gone, and still gone after a reload', async () => {
    await panel(page).getByRole('button', { name: 'Review statements' }).click();
    await panel(page).getByRole('button', { name: 'Delete: I hired four engineers.' }).click();
    await expect(statements(page).filter({ hasText: 'I hired four engineers.' })).toHaveCount(0);
    await page.reload();
    await expect(panel(page).getByRole('tab', { name: 'AI' })).toHaveAttribute('aria-selected', 'true');
    await expect(statements(page).filter({ hasText: 'I cut checkout latency by 40% in Q2.' })).toHaveCount(1);
    await expect(statements(page).filter({ hasText: 'I hired four engineers.' })).toHaveCount(0);
  });

  await test.step('a statement source opens its file in the dashboard, at its address; Back comes back to About me', async () => {
    await panel(page).getByRole('link', { name: 'work-profile/achievements-log.md' }).click();
    await expect(page.getByTestId('dashboard-workspace')).toHaveAttribute('data-view', 'file');
    await expect(page).toHaveURL(/\/dashboard\?folder=work-profile&file=achievements-log\.md$/);
    await expect(page.getByTestId('aboutme-root')).toHaveCount(0);
    await page.goBack();
    await expect(panel(page)).toBeVisible();
  });

  await test.step('deep research: started, the page reloaded, its progress found again and moving, the result arrives', async () => {
    // This stack's deep research writes with a slow test model (support/deep-research-model.ts):
    // it streams the profile over several seconds, so the run is still under way after a reload.
    await page.goto('/dashboard');
    await createFile(api, 'work-profile', 'past-projects.md', '# Projects\n\n- Shipped the Difference Engine v2 controller.');
    await submitGeneration(page, 'Deep research');
    await expect(panel(page).getByTestId('aboutme-loading')).toContainText(M.deepResearchLoading);
    // The server has the run (the status call reports it past the queue) before the page goes.
    await expect(panel(page).getByTestId('aboutme-phase')).not.toContainText('Waiting to start');
    const resumed = page.waitForResponse((r) => r.url().endsWith('/profile/generation_status') && r.ok());
    await page.reload();
    const status = (await (await resumed).json()) as { generation: { research_mode: string; state: string; progress: number } | null };
    expect(status.generation?.research_mode).toBe('deep');
    expect(['queued', 'running']).toContain(status.generation?.state);
    // The panel picks the run up where it is: the deep-research text, its phase and a bar that moves
    // while the model writes.
    await expect(panel(page).getByTestId('aboutme-loading')).toContainText(M.deepResearchLoading);
    const bar = panel(page).getByTestId('aboutme-progress');
    await expect(bar).toBeVisible();
    await expect(panel(page).getByTestId('aboutme-phase')).toContainText('Writing your profile', { timeout: 15_000 });
    // The bar's value, or 100 once the run has ended and the bar is gone.
    const progress = async () => ((await bar.count()) ? Number(await bar.getAttribute('value', { timeout: 1_000 })) : 100);
    const writingFrom = await progress();
    await expect.poll(progress, { timeout: 20_000 }).toBeGreaterThan(writingFrom);

    const statement = statements(page).filter({ hasText: 'Shipped the Difference Engine v2 controller.' });
    await expect(statement).toHaveCount(1, { timeout: 60_000 });
    await expect(statement.getByRole('link', { name: 'work-profile/past-projects.md' })).toBeVisible();
    // What the model wrote replaced the quick profile, and the rest of the run followed it.
    await expect(statements(page).filter({ hasText: 'I am Ada Lovelace, Head of Engineering.' })).toHaveCount(1);
    await expect(panel(page).getByTestId('aboutme-narrative')).toContainText('Ada Lovelace');
    await expect(panel(page).getByTestId('aboutme-loading')).toHaveCount(0);
  });

  noNativeDialogs();
});
