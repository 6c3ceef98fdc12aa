import { expect, test, type Page } from '@playwright/test';
import { periodKey, stepPeriod } from '@cc/contracts/periods';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { isoDay, planningUser } from './support/planning';

// The planning page through nginx (issue 10): todos, milestones, the planning chat that acts,
// and the 53-week action plan. Every change is refreshed in place; dialogs are in-app.

test.beforeEach(({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`a native ${dialog.type()} dialog opened: ${dialog.message()}`);
  });
});

const todoRow = (page: Page, title: string) => page.getByTestId('todo-row').filter({ hasText: title });
const weekBlock = (page: Page, key: string) => page.locator(`[data-testid="week-block"][data-week="${key}"]`);

test('a todo: add (due today by default), edit, toggle, delete', async ({ page }) => {
  await planningUser(page, 'todo');
  await page.goto('/planning/all_todos');
  await expect(page.getByTestId('todos-empty')).toBeVisible();

  await page.getByRole('button', { name: '+ Todo' }).click();
  const add = page.getByRole('dialog', { name: 'Add todo' });
  await expect(add.getByLabel('Due date')).toHaveValue(isoDay(0));
  await add.getByLabel('Title').fill('Send the deck to Maria');
  await add.getByLabel('Tags').fill('work, deck , Work');
  await add.getByRole('button', { name: 'Add todo' }).click();
  await expect(add).toBeHidden();
  const row = todoRow(page, 'Send the deck to Maria');
  await expect(row).toBeVisible();
  await expect(row.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['work', 'deck']);
  await expect(row.locator('time')).toHaveText('Today');

  await row.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit todo' });
  await expect(edit.getByLabel('Tags')).toHaveValue('work, deck');
  await edit.getByLabel('Title').fill('Send the final deck to Maria');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(todoRow(page, 'Send the final deck to Maria')).toBeVisible();

  const edited = todoRow(page, 'Send the final deck to Maria');
  await edited.getByRole('checkbox').check();
  await expect(edited).toHaveAttribute('data-completed', 'true');
  await page.getByRole('link', { name: /^Done/ }).click();
  await expect(page).toHaveURL(/\/planning\/done$/);
  await expect(todoRow(page, 'Send the final deck to Maria')).toBeVisible();

  await todoRow(page, 'Send the final deck to Maria')
    .getByRole('button', { name: /^Delete/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete todo' });
  await expect(confirm).toContainText(M.confirmDeleteTodo);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('todo-row')).toHaveCount(0);

  // A refused save keeps the modal and says why, in the spec's words.
  await page.getByRole('link', { name: /^All todos/ }).click();
  await page.getByRole('button', { name: '+ Todo' }).click();
  await page.getByRole('dialog', { name: 'Add todo' }).getByRole('button', { name: 'Add todo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Error: ${M.titleRequired}` })).toBeVisible();
});

test('a milestone (target 90 days ahead) with linked todos shows its progress', async ({ page }) => {
  await planningUser(page, 'milestone');
  await page.goto('/planning/milestones_view');
  await page.getByRole('button', { name: '+ Milestone' }).click();
  const add = page.getByRole('dialog', { name: 'Add milestone' });
  await expect(add.getByLabel('Target date')).toHaveValue(isoDay(90));
  await add.getByLabel('Title').fill('Lead the Q3 launch');
  await add.getByRole('button', { name: 'Add milestone' }).click();
  const card = page.getByTestId('milestone-card').filter({ hasText: 'Lead the Q3 launch' });
  await expect(card.getByTestId('milestone-progress')).toContainText('No linked todos yet');

  for (const title of ['Write the launch plan', 'Book the review']) {
    await card.getByRole('button', { name: '+ Todo for this milestone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add todo' });
    await expect(dialog.getByLabel('Milestone')).toHaveValue(/\d+/);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add todo' }).click();
    await expect(card.getByTestId('todo-row').filter({ hasText: title })).toBeVisible();
  }
  await expect(card.getByTestId('milestone-progress')).toContainText('0/2 done');
  await card.getByTestId('todo-row').filter({ hasText: 'Book the review' }).getByRole('checkbox').check();
  await expect(card.getByTestId('milestone-progress')).toContainText('1/2 done');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');

  // The todo list names the milestone; deleting the milestone unlinks its todos and keeps them.
  await page.getByRole('link', { name: /^All todos/ }).click();
  await expect(todoRow(page, 'Write the launch plan')).toContainText('Lead the Q3 launch');
  await page.getByRole('link', { name: /^Milestones/ }).click();
  await card.getByRole('button', { name: /^Delete milestone/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete milestone' });
  await expect(confirm).toContainText(M.confirmDeleteMilestone);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('milestones-empty')).toBeVisible();
  await page.getByRole('link', { name: /^All todos/ }).click();
  await expect(page.getByTestId('todo-row')).toHaveCount(2);
  await expect(todoRow(page, 'Write the launch plan')).not.toContainText('Lead the Q3 launch');
});

test('the planning chat creates a todo, then a workback plan, and both appear', async ({ page }) => {
  await planningUser(page, 'chat');
  const sent: Record<string, unknown>[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/ai_chat/send_message') sent.push(req.postDataJSON());
  });
  await page.goto('/planning/all_todos');
  const chat = page.getByTestId('planning-chat');
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('Add a todo: email Dana about the offsite');
  await box.press('Enter');
  await expect(todoRow(page, 'Email Dana about the offsite')).toBeVisible();
  await expect(chat.getByRole('log')).not.toContainText('"action"');
  expect(sent[0]).toMatchObject({ mode: 'agent', file_content: '', folder: 'planning', file_name: 'all_todos.md' });
  expect(sent[0]).not.toHaveProperty('context_summary');

  const target = isoDay(120);
  await box.fill(`Plan backwards from ${target} to get promoted to staff engineer`);
  await box.press('Enter');
  // The lists are refreshed in place 1.5 s after the plan (the tab counts follow them); each tab has its own chat.
  await expect(page.getByRole('link', { name: /^Milestones/ })).toContainText('1');
  await expect(page.getByTestId('todo-row')).not.toHaveCount(1);
  await page.getByRole('link', { name: /^Milestones/ }).click();
  const card = page.getByTestId('milestone-card').filter({ hasText: /promoted to staff engineer/i });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('todo-row').first()).toBeVisible();
  // One todo was on the page when the second message went: its summary went along.
  expect(String(sent[1]?.context_summary)).toContain('Email Dana about the offsite');
});

test('the action plan: 53 weeks, the current one centred; a week typed survives a reload', async ({ page }) => {
  await planningUser(page, 'timeline');
  const current = periodKey('week');
  await page.goto('/planning/action_plan');
  await expect(page.getByTestId('week-block')).toHaveCount(53);
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-centred', 'true');
  const block = weekBlock(page, current);
  await expect(block).toHaveAttribute('aria-current', 'date');
  const box = await block.boundingBox();
  const scroller = await page.getByTestId('timeline').boundingBox();
  expect(Math.abs(box!.x + box!.width / 2 - (scroller!.x + scroller!.width / 2))).toBeLessThan(box!.width / 2);

  await block.getByRole('textbox').fill('- [ ] Draft the roadmap\n- [ ] Call Sam');
  await expect(block.getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(weekBlock(page, current).getByRole('textbox')).toHaveValue('- [ ] Draft the roadmap\n- [ ] Call Sam');
});

test('week AI fills a week from its prompt', async ({ page }) => {
  const { api } = await planningUser(page, 'weekai');
  await api.post('/planning/todos', { todo: { title: 'Prepare the board update', due_date: isoDay(0) } });
  const current = periodKey('week');
  await page.goto('/planning/action_plan');
  const block = weekBlock(page, current);
  await block.getByRole('button', { name: /with AI$/ }).click();
  const modal = page.getByRole('dialog', { name: /with AI$/ });
  const prompt = modal.getByRole('textbox');
  await expect(prompt).not.toHaveValue('');
  await expect(prompt).toHaveValue(/Prepare the board update/);
  await prompt.fill('   ');
  await modal.getByRole('button', { name: 'Generate' }).click();
  await expect(modal.getByRole('alert')).toHaveText(M.weekPromptRequired);
  await prompt.fill('Focus: Prepare the board update and one conversation with my manager.');
  await modal.getByRole('button', { name: 'Generate' }).click();
  await expect(modal).toBeHidden({ timeout: 20_000 });
  await expect(block.getByRole('textbox')).not.toHaveValue('');
  await expect(block.getByRole('status')).toHaveText('Saved');
  const saved = await api.get('/coaching/timeline_items');
  expect(saved.items.find((i: { period_key: string }) => i.period_key === current)?.content).toBeTruthy();
});

test('carry over moves a past week’s unfinished actions to this week', async ({ page }) => {
  const { api } = await planningUser(page, 'carry');
  const current = periodKey('week');
  const past = stepPeriod(current, -2);
  await api.post('/coaching/save_timeline_item', {
    period_type: 'week',
    period_key: past,
    content: '- [x] Sent the deck\n- [ ] Call Sam\n- [ ] Book the room',
  });
  await page.goto('/planning/action_plan');
  await weekBlock(page, past)
    .getByRole('button', { name: /^Carry over/ })
    .click();
  await expect(weekBlock(page, current).getByRole('textbox')).toHaveValue('- [ ] Call Sam\n- [ ] Book the room');
  await expect(weekBlock(page, past).getByRole('textbox')).toHaveValue('- [x] Sent the deck');
  await expect(weekBlock(page, past).getByRole('button', { name: /^Carry over/ })).toHaveCount(0);
  await expect(weekBlock(page, current).getByRole('status')).toHaveText('Saved');
  await expect(weekBlock(page, past).getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(weekBlock(page, current).getByRole('textbox')).toHaveValue('- [ ] Call Sam\n- [ ] Book the room');
  await expect(weekBlock(page, past).getByRole('textbox')).toHaveValue('- [x] Sent the deck');
});

test('archived plans: none yet, then the plan a new one set aside, with its open actions', async ({ page }) => {
  await planningUser(page, 'archive');
  const current = periodKey('week');
  await page.goto('/planning/action_plan');
  await page.getByRole('button', { name: 'Archived plans' }).click();
  const archived = page.getByRole('dialog', { name: 'Archived action plans' });
  await expect(archived).toContainText(M.noArchivedPlans);
  await archived.getByRole('button', { name: 'Close' }).click();

  const block = weekBlock(page, current);
  await block.getByRole('textbox').fill('- [ ] Ship the pricing page');
  await expect(block.getByRole('status')).toHaveText('Saved');
  await page.getByRole('button', { name: 'Start a new plan' }).click();
  await page.getByRole('dialog', { name: 'Start a new action plan' }).getByRole('button', { name: 'Start a new plan' }).click();
  await expect(weekBlock(page, current).getByRole('textbox')).toHaveValue('');

  await page.getByRole('button', { name: 'Archived plans' }).click();
  const plan = page.getByRole('dialog', { name: 'Archived action plans' }).getByTestId('archived-plan');
  await expect(plan).toHaveCount(1);
  await expect(plan).toContainText('Immediately');
  await expect(plan).toContainText('Ship the pricing page');
});
