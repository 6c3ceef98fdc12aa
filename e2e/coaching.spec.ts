import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signUpApi, uniqueEmail } from './support/helpers';
import { adminUser, closePurpose, openCoaching } from './support/coaching';

// The coaching page through nginx: information gathering, a scored check-in with autosaved notes,
// period stepping across a year end, the admin editor with its CSV import, and what a
// non-administrator sees.

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('information gathering: an empty prompt is refused, a submitted one shows the plan, Update plan goes back to the editor', async ({
  page,
}) => {
  await signUpApi(page.request, uniqueEmail('coach-info'));
  await openCoaching(page);
  await tab(page, 'Information gathering').click();
  const info = page.getByTestId('information-gathering');
  await expect(info).toHaveAttribute('data-view', 'editor');
  const prompt = info.getByLabel('What should your coach learn about you, and how?');
  await expect(prompt).not.toHaveValue('');
  await prompt.fill('   ');
  await info.getByRole('button', { name: 'Submit' }).click();
  await expect(info.getByRole('alert')).toHaveText('Please enter a prompt');

  await prompt.fill('I lead a team of six engineers and want to get better at delegating. Ask me about my week.');
  await info.getByRole('button', { name: 'Submit' }).click();
  await expect(info).toHaveAttribute('data-view', 'response', { timeout: 20_000 });
  await expect(info.getByTestId('plan-response')).not.toBeEmpty();

  await info.getByRole('button', { name: 'Update plan' }).click();
  await expect(info).toHaveAttribute('data-view', 'editor');
  await expect(prompt).toHaveValue(/delegating/);

  // The tab is remembered.
  await page.reload();
  await expect(page.getByTestId('information-gathering')).toHaveAttribute('data-view', 'response', { timeout: 15_000 });
  await info.getByRole('button', { name: 'Archived plans' }).click();
  await expect(page.getByRole('dialog', { name: 'Archived plans' })).toContainText('No archived plans yet.');
});

test('a start-of-day check-in: the first message opens the chat, a reply is scored, manual entries autosave and survive a reload', async ({
  page,
}) => {
  await signUpApi(page.request, uniqueEmail('coach-checkin'));
  await page.goto('/coaching');
  // The purpose modal opens on every visit: the ×, the close button and the backdrop close it.
  await closePurpose(page, 'x');
  await tab(page, 'End of day').click();
  await closePurpose(page, 'backdrop');
  await tab(page, 'Start of day').click();
  await closePurpose(page, 'button');

  const checkin = page.getByTestId('checkin');
  await expect(checkin).toHaveAttribute('data-type', 'start_of_day');
  await expect(page.getByTestId('period-summary')).toHaveText(/^0 of \d+ questions answered$/);
  const first = page.getByTestId('question').first();
  const title = (await first.locator('.coaching-question-title').textContent())!;
  const text = (await first.locator('.coaching-question-text').textContent())!;
  await expect(first.getByTestId('score-donut')).toHaveAttribute('data-colour', 'none');
  await first.locator('.coaching-question-open').click();

  const modal = page.getByRole('dialog', { name: title });
  const chat = modal.getByTestId('question-chat');
  await expect(chat.locator('[data-role="user"]').first()).toHaveText(`I'm ready to start reflecting on: ${text}`);
  await expect(chat.locator('[data-role="assistant"]').first()).not.toBeEmpty({ timeout: 20_000 });
  // The automatic first message answers nothing: no score (it stored a 0 that counted as answered).
  await expect(modal.getByTestId('score-bar')).toHaveAttribute('data-score', '');
  await expect(modal.getByTestId('score-bar')).toContainText('Not scored yet');
  expect(await seriousViolations(page)).toEqual([]);
  await modal.locator('.cc-modal-close').click();
  await expect(page).not.toHaveURL(/question=/);
  await expect(page.getByTestId('period-summary')).toHaveText(/^0 of \d+ questions answered$/);
  await expect(first.getByTestId('score-donut')).toHaveAttribute('aria-label', 'Not scored yet');
  await expect(first.getByTestId('score-trend')).toHaveCount(0);
  await first.locator('.coaching-question-open').click();
  await expect(chat.locator('[data-role="assistant"]').first()).not.toBeEmpty({ timeout: 20_000 });

  const answer = modal.getByRole('textbox', { name: 'Your answer' });
  await expect(answer).toBeEnabled();
  await answer.fill(
    'Ship the Q3 billing report by 3 pm: I own the revenue numbers, last time I finished at 5 pm and missed the review, ' +
      'so I will block 9-12, send the draft to Ana at 1 pm, and next time start the day before.',
  );
  await answer.press('Enter');
  await expect(modal.getByTestId('score-bar')).toHaveAttribute('data-score', /^[1-9]\d*$/, { timeout: 20_000 });
  await expect(modal.locator('.coaching-scorebar-feedback')).not.toBeEmpty();

  const notes = modal.getByRole('textbox', { name: 'Manual entries' });
  await notes.fill('Block 9-12 for the report.');
  await expect(modal.getByTestId('notes-save-status')).toHaveText('Saved', { timeout: 10_000 });

  // Closing reloads the questionnaire: the score shows on the donut.
  await modal.locator('.cc-modal-close').click();
  await expect(first.getByTestId('score-donut')).not.toHaveAttribute('data-colour', 'none');
  await expect(page.getByTestId('period-summary')).toHaveText(/^1 of \d+ questions answered · average \d+$/);

  await page.reload();
  await closePurpose(page);
  await page.getByTestId('question').first().locator('.coaching-question-open').click();
  const again = page.getByRole('dialog', { name: title });
  await expect(again.getByRole('textbox', { name: 'Manual entries' })).toHaveValue('Block 9-12 for the report.');

  // Clearing the chat and opening the question again: the new automatic first message stores no 0.
  await again.getByRole('button', { name: 'Clear chat' }).click();
  await expect(again.getByTestId('score-bar')).toHaveAttribute('data-score', '');
  await again.locator('.cc-modal-close').click();
  await expect(page.getByTestId('period-summary')).toHaveText(/^0 of \d+ questions answered$/);
  await page.getByTestId('question').first().locator('.coaching-question-open').click();
  await expect(again.locator('[data-role="user"]').first()).toHaveText(`I'm ready to start reflecting on: ${text}`);
  await expect(again.locator('[data-role="assistant"]').first()).not.toBeEmpty({ timeout: 20_000 });
  await expect(again.getByTestId('score-bar')).toHaveAttribute('data-score', '');
  await again.locator('.cc-modal-close').click();
  await expect(page.getByTestId('period-summary')).toHaveText(/^0 of \d+ questions answered$/);
  await expect(page.getByTestId('question').first().getByTestId('score-donut')).toHaveAttribute('data-colour', 'none');
  const stored = await page.request.get('/coaching/checkin_answers', { headers: { accept: 'application/json' } });
  expect(((await stored.json()) as { answers: { score: number | null }[] }).answers.map((a) => a.score)).toEqual([null]);
});

test('stepping quarters across a year end and back', async ({ page }) => {
  await signUpApi(page.request, uniqueEmail('coach-periods'));
  await openCoaching(page);
  await tab(page, 'Quarterly').click();
  await closePurpose(page);
  const picker = page.getByTestId('period-picker');
  const start = (await picker.getAttribute('data-period'))!;
  const year = Number(start.slice(0, 4));
  const quarter = Number(start.slice(6));
  for (let q = quarter; q <= 4; q++) {
    // The picker ignores a click within 150 ms of the last one.
    await page.waitForTimeout(200);
    await picker.getByRole('button', { name: 'Next period' }).click();
  }
  await expect(picker).toHaveAttribute('data-period', `${year + 1}-Q1`);
  await expect(page.getByTestId('period-label')).toHaveText(`Q1 ${year + 1} (Jan – Mar)`);
  await expect(page.getByTestId('checkin')).toHaveAttribute('data-loading', 'false');
  await page.waitForTimeout(200);
  await picker.getByRole('button', { name: 'Previous period' }).click();
  await expect(picker).toHaveAttribute('data-period', `${year}-Q4`);
});

test('an administrator adds a section and a question and imports a CSV; another user sees no edit buttons', async ({ page, browser }) => {
  const tag = Date.now().toString(36);
  await adminUser(page, 'coach-admin');
  await openCoaching(page);
  await tab(page, 'Semester').click();
  await closePurpose(page);
  await page.getByRole('button', { name: 'Edit questionnaire' }).click();
  // The editor names the questionnaire it edits.
  const editor = page.getByRole('dialog', { name: 'Edit questionnaire: Semester' });
  await expect(editor.getByTestId('admin-sections')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await editor.getByRole('button', { name: 'Add section' }).click();
  const sectionForm = page.getByRole('dialog', { name: 'New section' });
  await sectionForm.getByLabel('Title').fill(`E2E section ${tag}`);
  await sectionForm.getByLabel('Description').fill('Made by the coaching journey.');
  expect(await seriousViolations(page)).toEqual([]);
  await sectionForm.getByRole('button', { name: 'Save section' }).click();
  const section = editor.locator('.coaching-admin-section', { hasText: `E2E section ${tag}` });
  await expect(section).toBeVisible();

  await section.getByRole('button', { name: 'Add question' }).click();
  const questionForm = page.getByRole('dialog', { name: `New question in E2E section ${tag}` });
  await questionForm.getByLabel('Title').fill('E2E question');
  await questionForm.getByLabel('Question text').fill('What did the half-year teach you?');
  expect(await seriousViolations(page)).toEqual([]);
  await questionForm.getByRole('button', { name: 'Save question' }).click();
  await expect(section.getByText('1. E2E question')).toBeVisible();

  const upload = editor.getByRole('button', { name: 'Upload CSV' });
  await expect(upload).toBeDisabled();
  await expect(editor.getByText('Please select a CSV file')).toBeVisible();
  const csv =
    'questionnaire_type,section_title,section_description,question_title,question_text,prompt\n' +
    `,CSV section ${tag},From a file,First CSV question,"What went well, and why?",Ask for an example\n` +
    `,CSV section ${tag},From a file,Second CSV question,What will you change?,\n`;
  await editor.locator('input[type="file"]').setInputFiles({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(editor.getByTestId('csv-preview')).toContainText('2 rows, ready to import.');
  await expect(editor.getByTestId('csv-preview')).toContainText('What went well, and why?');
  expect(await seriousViolations(page)).toEqual([]);
  await upload.click();
  const status = editor.getByTestId('csv-status');
  await expect(status).toContainText(/^✓ Imported 2 questions in 1 section/);
  await expect(editor.locator('.coaching-admin-section', { hasText: `CSV section ${tag}` })).toBeVisible();
  // The result stays in view until dismissed (it went after 5 s, below the editor's fold).
  await page.waitForTimeout(5_500);
  await expect(status).toBeInViewport();
  await status.getByRole('button', { name: 'Dismiss' }).click();
  await expect(status).toBeHidden();

  // Another user: the same questionnaire, no edit buttons, and the admin calls refused.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpApi(otherPage.request, uniqueEmail('coach-reader'));
  await openCoaching(otherPage);
  await tab(otherPage, 'Semester').click();
  await closePurpose(otherPage);
  await expect(otherPage.getByTestId('checkin')).toHaveAttribute('data-loading', 'false');
  await expect(otherPage.locator('.coaching-step', { hasText: `E2E section ${tag}` })).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Edit questionnaire' })).toHaveCount(0);
  expect(
    (await otherPage.request.get('/coaching/admin_sections?type=semester', { headers: { accept: 'application/json' } })).status(),
  ).toBe(403);
  await other.close();

  // Deleting asks first, and takes the questions with it (the shared questionnaire is left as it was).
  for (const title of [`E2E section ${tag}`, `CSV section ${tag}`]) {
    await editor.locator('.coaching-admin-section', { hasText: title }).getByRole('button', { name: 'Delete section' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete section' });
    await expect(confirm).toContainText(`Delete the section "${title}"`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(editor.locator('.coaching-admin-section', { hasText: title })).toHaveCount(0);
  }
});

test('save to a file: the question becomes a file in the coaching folder and the dashboard opens on it', async ({ page }) => {
  await signUpApi(page.request, uniqueEmail('coach-file'));
  await openCoaching(page);
  const first = page.getByTestId('question').first();
  const title = (await first.locator('.coaching-question-title').textContent())!;
  await first.locator('.coaching-question-open').click();
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal.locator('[data-role="assistant"]').first()).toBeVisible({ timeout: 20_000 });
  await modal.getByRole('textbox', { name: 'Manual entries' }).fill('Block 9-12 for the report.');
  await modal.getByRole('button', { name: 'Save to a file' }).click();

  const form = page.getByRole('dialog', { name: 'Create a file' });
  await expect(form.getByLabel('Folder name')).toHaveValue('coaching');
  expect(await seriousViolations(page)).toEqual([]);
  const stem = title
    .toLowerCase()
    .replace(/[^a-z0-9\- ]/g, '')
    .slice(0, 48)
    .replace(/ /g, '_');
  await expect(form.getByLabel('File name')).toHaveValue(new RegExp(`^${stem}_\\d{4}-\\d{2}-\\d{2}\\.md$`));
  await expect(form.getByLabel('Folder name')).toHaveValue('coaching');
  await form.getByLabel('File name').fill('');
  await form.getByRole('button', { name: 'Create and open' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please provide both file name and folder name');
  await form.getByLabel('File name').fill(`${stem}_notes.md`);
  await form.getByRole('button', { name: 'Create and open' }).click();

  // Stored as file names are (underscores become spaces), and opened by that name.
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?folder=coaching&file=${stem.replace(/_/g, '\\+')}\\+notes\\.md$`));
  await expect(page.getByTestId('file-workspace')).toBeVisible({ timeout: 15_000 });
  const files = await (await page.request.get('/files', { headers: { accept: 'application/json' } })).json();
  expect(files.coaching.map((f: { name: string }) => f.name)).toHaveLength(1);
});

test('a check-in and its question chat have no serious or critical accessibility violation', async ({ page }) => {
  await signUpApi(page.request, uniqueEmail('coach-a11y'));
  await openCoaching(page);
  await expect(page.getByTestId('checkin')).toHaveAttribute('data-loading', 'false');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('question').first().locator('.coaching-question-open').click();
  await expect(page.locator('[data-role="assistant"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Your answer' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
});
