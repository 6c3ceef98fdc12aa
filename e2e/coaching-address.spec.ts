import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signUpApi, uniqueEmail } from './support/helpers';
import { closePurpose, openCoaching } from './support/coaching';

// The coaching page's addresses through nginx: a check-in's tab, period and question, and an
// archived information-gathering plan open from their URL in the same tab, a new tab, after a
// reload and from Back; and axe on each kind of tab and every modal not met in coaching.spec.

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const json = { accept: 'application/json' };

async function firstQuestion(page: Page, type: string, period: string) {
  const res = await page.request.get(`/coaching/questionnaire_sections?type=${type}&period_key=${period}`, { headers: json });
  const body = (await res.json()) as { sections: { questions: { id: number; title: string }[] }[] };
  return body.sections[0]!.questions[0]!;
}

test('a check-in question opens from its address: same tab, reload, a new tab, Back; the address follows the page', async ({
  page,
  context,
}) => {
  await signUpApi(page.request, uniqueEmail('coach-address'));
  const question = await firstQuestion(page, 'end_of_day', '2026-11-20');
  const address = `/coaching?tab=end-of-day-checkin&period=2026-11-20&question=${question.id}`;

  await page.goto(address);
  const chat = page.getByRole('dialog', { name: question.title });
  await expect(chat).toBeVisible({ timeout: 15_000 });
  await expect(chat).toContainText('Friday, 20 November 2026');
  // A link to a question lands on the question: the tab's purpose does not cover it.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(tab(page, 'End of day')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('period-picker')).toHaveAttribute('data-period', '2026-11-20');
  await expect(chat.locator('[data-role="assistant"]').first()).toBeVisible({ timeout: 20_000 });

  await page.reload();
  await expect(chat).toBeVisible({ timeout: 15_000 });
  const other = await context.newPage();
  await other.goto(address);
  await expect(other.getByRole('dialog', { name: question.title })).toBeVisible({ timeout: 15_000 });
  await other.close();

  // Its × closes it and the address keeps the period, without the question.
  await chat.locator('.cc-modal-close').click();
  await expect(chat).toBeHidden();
  await expect(page).toHaveURL(/\/coaching\?tab=end-of-day-checkin&period=2026-11-20$/);

  // Opening a question adds an entry: Back closes it, Forward opens it again.
  await page.getByTestId('question').first().locator('.coaching-question-open').click();
  await expect(page).toHaveURL(new RegExp(`&question=${question.id}$`));
  await expect(chat).toBeVisible();
  await page.goBack();
  await expect(chat).toBeHidden();
  await expect(page).toHaveURL(/period=2026-11-20$/);
  await page.goForward();
  await expect(chat).toBeVisible();
  await chat.locator('.cc-modal-close').click();
  await expect(chat).toBeHidden();

  // Stepping periods replaces the entry; changing tab adds one, and Back returns to the tab before.
  await page.waitForTimeout(200);
  await page.getByRole('button', { name: 'Previous period' }).click();
  await expect(page).toHaveURL(/period=2026-11-19$/);
  await tab(page, 'Monthly').click();
  await closePurpose(page);
  await expect(page).toHaveURL(/\/coaching\?tab=monthly-checkin&period=\d{4}-\d{2}$/);
  await page.goBack();
  await expect(tab(page, 'End of day')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=end-of-day-checkin&period=2026-11-19$/);

  // The address's tab wins over the remembered one (Monthly was the last chosen).
  await page.goto('/coaching?tab=quarterly-checkin');
  await expect(tab(page, 'Quarterly')).toHaveAttribute('aria-selected', 'true');
  await closePurpose(page);
  await expect(page).toHaveURL(/tab=quarterly-checkin&period=\d{4}-Q[1-4]$/);
});

test('a quick tab switch leaves only the new tab and its purpose', async ({ page }) => {
  await signUpApi(page.request, uniqueEmail('coach-switch'));
  // The dialogs' chunk arrives late (a slow network): the user switches tab before Start of day's
  // purpose has shown, as the walkthrough did.
  let delayed = 0;
  await page.route('**/mfe/coaching/dialogs.*.js', async (route) => {
    delayed++;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/coaching?tab=start-of-day-checkin');
  await expect(page.getByTestId('checkin')).toHaveAttribute('data-type', 'start_of_day', { timeout: 15_000 });
  await expect.poll(() => delayed).toBe(1);
  await tab(page, 'End of day').click();
  const dialogs = page.getByRole('dialog');
  await expect(dialogs).toHaveCount(1, { timeout: 15_000 });
  await expect(dialogs).toContainText('Close the day on purpose');
  await page.waitForTimeout(500);
  await expect(dialogs).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await closePurpose(page);
  await expect(dialogs).toHaveCount(0);
});

test('an archived information-gathering plan opens from its address, unfolded; each kind of tab and its modals pass axe', async ({
  page,
}) => {
  const session = await signUpApi(page.request, uniqueEmail('coach-plans'));
  const headers = { ...json, 'x-csrf-token': session.csrf_token };
  for (const prompt of ['First plan: ask about my team.', 'Second plan: ask about my goals.']) {
    expect((await page.request.post('/coaching/submit_coaching_plan', { data: { prompt }, headers })).ok()).toBe(true);
  }
  const plans = (await (await page.request.get('/coaching/archived_plans', { headers: json })).json()) as { plans: { id: number }[] };
  const id = plans.plans[0]!.id;

  await page.goto(`/coaching?tab=information-gathering&plan=${id}`);
  const archived = page.getByRole('dialog', { name: 'Archived plans' });
  await expect(archived).toBeVisible({ timeout: 15_000 });
  await expect(archived.locator(`details[data-plan-id="${id}"]`)).toHaveAttribute('open', '');
  await expect(archived.locator('summary').first()).toHaveText(
    /^Written \w{3} \d{1,2} \w{3}( \d{4})?, \d{1,2}:\d{2}, archived \w{3} \d{1,2} \w{3}( \d{4})?, \d{1,2}:\d{2}$/,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await archived.locator('.cc-modal-close').click();
  await expect(page).toHaveURL(/\/coaching\?tab=information-gathering$/);
  await expect(page.getByTestId('information-gathering')).toHaveAttribute('data-view', 'response');
  await expect(page.getByTestId('plan-response')).toContainText(/^Plan written \w{3},? \d{1,2} \w{3}( \d{4})?, \d{1,2}:\d{2}/);
  expect(await seriousViolations(page)).toEqual([]);

  // A weekly check-in with its purpose, then its week plan modal; onboarding (no periods).
  await tab(page, 'Start of week').click();
  await expect(page.getByRole('dialog', { name: 'Start of week' })).toBeVisible({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await closePurpose(page);
  await expect(page.getByTestId('checkin')).toHaveAttribute('data-loading', 'false');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Week AI action plan' }).click();
  await expect(page.getByRole('dialog', { name: /^Action plan: Week/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByRole('dialog', { name: /^Action plan: Week/ })
    .locator('.cc-modal-close')
    .click();

  await tab(page, 'Onboarding').click();
  await closePurpose(page);
  await expect(page.getByTestId('checkin')).toHaveAttribute('data-type', 'onboarding');
  await expect(page).toHaveURL(/\/coaching\?tab=onboarding-questionnaire$/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the page opened with no address names the remembered tab in it', async ({ page }) => {
  await signUpApi(page.request, uniqueEmail('coach-bare'));
  await openCoaching(page);
  await expect(page).toHaveURL(/\/coaching\?tab=start-of-day-checkin&period=\d{4}-\d{2}-\d{2}$/);
});
