import { expect, test, type Page } from '@playwright/test';
import { periodKey, stepPeriod } from '@cc/contracts/periods';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { actionPlanWeekAddress, milestoneAddress, todoAddress } from '@cc/contracts/addresses';
import { formatDayInWords } from '@cc/contracts/dates';
import { seriousViolations } from './support/axe';
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

  // A refused save keeps the modal and says why, in the page's words (docs/planning.md#messages).
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
  // The lists are refreshed in place 1.5 s after the plan (the tab counts follow them).
  await expect(page.getByRole('link', { name: /^Milestones/ })).toContainText('1');
  await expect(page.getByTestId('todo-row')).not.toHaveCount(1);
  await page.getByRole('link', { name: /^Milestones/ }).click();
  const card = page.getByTestId('milestone-card').filter({ hasText: /promoted to staff engineer/i });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('todo-row').first()).toBeVisible();
  // One todo was on the page when the second message went: its summary went along.
  expect(String(sent[1]?.context_summary)).toContain('Email Dana about the offsite');

  // One conversation: the milestone tab's chat has what was said on All todos, with the result
  // lines, and so does a reload (the lines the page added are kept, nothing is dropped).
  const log = chat.getByRole('log');
  await expect(log).toContainText('Add a todo: email Dana about the offsite');
  await expect(log).toContainText('Created the todo "Email Dana about the offsite"');
  await expect(log).toContainText(/Created the milestone .* with 5 dated todos/);
  await page.reload();
  await chat.hover();
  await expect(log).toContainText(`Created the todo "Email Dana about the offsite", due ${formatDayInWords(isoDay(0))}.`);
  await expect(log).toContainText(`(target ${formatDayInWords(target)})`);
  await expect(log).not.toContainText('"action"');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a todo, a milestone and a week each have an address: same tab, new tab, reload and Back', async ({ page, context }) => {
  const { api } = await planningUser(page, 'address');
  const created: { todo: { id: number } }[] = [];
  for (let i = 0; i < 45; i++)
    created.push(await api.post('/planning/todos', { todo: { title: `Routine task ${i}`, due_date: isoDay(i) } }));
  const { milestone } = await api.post('/planning/milestones', { milestone: { title: 'Lead the Q3 launch', target_date: isoDay(60) } });
  for (let i = 0; i < 6; i++)
    await api.post('/planning/milestones', { milestone: { title: `Other goal ${i}`, target_date: isoDay(10 + i) } });
  const far = created[44]!.todo.id;

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(todoAddress(far));
  const row = page.locator(`[data-testid="todo-row"][data-id="${far}"]`);
  await expect(row).toHaveAttribute('data-highlighted', 'true');
  await expect(row).toBeInViewport();
  await expect(row).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // A new tab, then a reload: the same todo.
  const other = await context.newPage();
  await other.goto(todoAddress(far));
  await expect(other.locator(`[data-testid="todo-row"][data-id="${far}"]`)).toHaveAttribute('data-highlighted', 'true');
  await other.reload();
  await expect(other.locator(`[data-testid="todo-row"][data-id="${far}"]`)).toBeInViewport();
  await other.close();

  // The milestone's address in the same tab, then Back to the todo.
  await page.evaluate((href) => {
    history.pushState({}, '', href);
    dispatchEvent(new PopStateEvent('popstate'));
  }, milestoneAddress(milestone.id));
  const card = page.locator(`[data-testid="milestone-card"][data-id="${milestone.id}"]`);
  await expect(card).toHaveAttribute('data-highlighted', 'true');
  await expect(card).toBeInViewport();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`todo=${far}$`));
  await expect(row).toBeInViewport();

  // A week: centred on the timeline and marked.
  const week = stepPeriod(periodKey('week'), 9);
  await page.goto(actionPlanWeekAddress(week));
  const block = weekBlock(page, week);
  await expect(block).toHaveAttribute('data-highlighted', 'true');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-centred', 'true');
  const box = await block.boundingBox();
  const scroller = await page.getByTestId('timeline').boundingBox();
  expect(Math.abs(box!.x + box!.width / 2 - (scroller!.x + scroller!.width / 2))).toBeLessThan(box!.width / 2);

  // A todo that is gone says so.
  await page.goto(todoAddress(999999));
  await expect(page.getByTestId('address-missing')).toBeVisible();
});

test('the action plan: 53 weeks, the current one centred; a week typed survives a reload', async ({ page }) => {
  await planningUser(page, 'timeline');
  const current = periodKey('week');
  await page.goto('/planning/action_plan');
  await expect(page.getByTestId('week-block')).toHaveCount(53);
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-centred', 'true');
  expect(await seriousViolations(page)).toEqual([]);
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

test('the timeline is browsable: earlier, later, this week, and the overview by month', async ({ page }) => {
  const { api } = await planningUser(page, 'browse');
  await api.post('/planning/milestones', { milestone: { title: 'Ship v2', target_date: isoDay(70) } });
  await page.setViewportSize({ width: 1440, height: 900 });
  const current = periodKey('week');
  await page.goto('/planning/action_plan');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-centred', 'true');
  const range = page.getByTestId('timeline-range');
  const start = await range.textContent();
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(range).not.toHaveText(start!);
  await expect(weekBlock(page, current)).not.toBeInViewport();
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(weekBlock(page, current)).toBeInViewport();
  // The month of the milestone shows it; its button goes there.
  const target = new Date();
  target.setDate(target.getDate() + 70);
  const milestoneWeek = periodKey('week', target);
  const cell = page.locator(`[data-cell="${milestoneWeek}"]`);
  await expect(cell).toHaveAttribute('data-milestone', 'true');
  await cell.click();
  await expect(weekBlock(page, milestoneWeek)).toBeInViewport();
  await expect(weekBlock(page, milestoneWeek)).toContainText('Ship v2');
  await page.getByRole('button', { name: /Earlier/ }).click();
  await expect(range).not.toContainText(`Week ${Number(milestoneWeek.slice(-2))} (`);
});

test('week AI fills a week from its prompt', async ({ page }) => {
  const { api } = await planningUser(page, 'weekai');
  await api.post('/planning/todos', { todo: { title: 'Prepare the board update', due_date: isoDay(0) } });
  const current = periodKey('week');
  await page.goto('/planning/action_plan');
  const block = weekBlock(page, current);
  await block.getByRole('button', { name: /^AI plan for Week/ }).click();
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
  await page.setViewportSize({ width: 1440, height: 900 });
  await weekBlock(page, past).scrollIntoViewIfNeeded();
  await weekBlock(page, past)
    .getByRole('button', { name: /^Carry over/ })
    .click();
  await expect(weekBlock(page, current).getByRole('textbox')).toHaveValue('- [ ] Call Sam\n- [ ] Book the room');
  // It says what moved and where, and shows the week it went to.
  await expect(page.getByTestId('carry-notice')).toContainText(`Moved 2 unfinished actions from Week ${Number(past.slice(-2))}`);
  await expect(page.getByTestId('carry-notice')).toContainText('“Call Sam”, “Book the room”');
  await expect(weekBlock(page, current)).toBeInViewport();
  await expect(weekBlock(page, current)).toHaveAttribute('data-highlighted', 'true');
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
  expect(await seriousViolations(page)).toEqual([]);
  await archived.getByRole('button', { name: 'Close' }).click();

  const block = weekBlock(page, current);
  await block.getByRole('textbox').fill('- [ ] **Mon:** Ship the pricing page');
  await expect(block.getByRole('status')).toHaveText('Saved');
  await page.getByRole('button', { name: 'Start a new plan' }).click();
  await page.getByRole('dialog', { name: 'Start a new action plan' }).getByRole('button', { name: 'Start a new plan' }).click();
  await expect(weekBlock(page, current).getByRole('textbox')).toHaveValue('');

  await page.getByRole('button', { name: 'Archived plans' }).click();
  const plan = page.getByRole('dialog', { name: 'Archived action plans' }).getByTestId('archived-plan');
  await expect(plan).toHaveCount(1);
  await expect(plan).toContainText('Immediately');
  await expect(plan).toContainText('Ship the pricing page');
  // Markdown is rendered, not shown raw.
  await expect(plan.locator('strong')).toHaveText('Mon:');
  await expect(plan).not.toContainText('**');
  expect(await seriousViolations(page)).toEqual([]);

  // No one-way door: the archived plan comes back with its week; the empty new one goes.
  await plan.getByRole('button', { name: /^Restore/ }).click();
  await page.getByRole('dialog', { name: 'Restore this action plan' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('dialog', { name: 'Archived action plans' })).toBeHidden();
  await expect(weekBlock(page, current).getByRole('textbox')).toHaveValue('- [ ] **Mon:** Ship the pricing page');
  await page.getByRole('button', { name: 'Archived plans' }).click();
  await expect(page.getByRole('dialog', { name: 'Archived action plans' })).toContainText(M.noArchivedPlans);
});

test('every planning tab and modal passes axe (no serious or critical violation)', async ({ page }) => {
  const { api } = await planningUser(page, 'axe');
  const { milestone } = await api.post('/planning/milestones', { milestone: { title: 'Lead the launch', target_date: isoDay(30) } });
  await api.post('/planning/todos', { todo: { title: 'Write the plan', due_date: isoDay(2), tags: 'work', milestone_id: milestone.id } });
  await api.post('/planning/todos', { todo: { title: 'Old thing', due_date: isoDay(-3) } });
  for (const tab of ['all_todos', 'upcoming', 'done', 'milestones_view']) {
    await page.goto(`/planning/${tab}`);
    await expect(page.getByTestId('planning-root')).toHaveAttribute('data-tab', tab);
    await expect(page.locator('.planning-main > [data-state="ok"]')).toBeVisible();
    expect(await seriousViolations(page), tab).toEqual([]);
  }
  await page.goto('/planning/all_todos');
  await page.getByRole('button', { name: '+ Todo' }).click();
  await expect(page.getByRole('dialog', { name: 'Add todo' })).toBeVisible();
  expect(await seriousViolations(page), 'todo modal').toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto('/planning/milestones_view');
  await page.getByRole('button', { name: '+ Milestone' }).click();
  await expect(page.getByRole('dialog', { name: 'Add milestone' })).toBeVisible();
  expect(await seriousViolations(page), 'milestone modal').toEqual([]);
  await page.keyboard.press('Escape');

  // The chat with a conversation in it.
  const chat = page.getByTestId('planning-chat');
  await chat.getByRole('textbox', { name: 'Message' }).fill('What should I focus on this week?');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(chat.locator('[data-role="assistant"]').nth(1)).toBeVisible({ timeout: 15_000 });
  expect(await seriousViolations(page), 'chat').toEqual([]);

  await page.goto('/planning/action_plan');
  await expect(page.getByTestId('week-block')).toHaveCount(53);
  expect(await seriousViolations(page), 'action plan').toEqual([]);
  await weekBlock(page, periodKey('week'))
    .getByRole('button', { name: /^AI plan/ })
    .click();
  const ai = page.getByRole('dialog', { name: /with AI$/ });
  await expect(ai.getByRole('textbox')).not.toHaveValue('');
  expect(await seriousViolations(page), 'week AI modal').toEqual([]);
});

test('on a phone (390 px) planning never widens the page: the tabs and the timeline scroll on their own', async ({ page }) => {
  const { api } = await planningUser(page, 'phone');
  await api.post('/planning/todos', { todo: { title: 'A todo with a rather long title that has to wrap on a phone', tags: 'work, deck' } });
  await page.setViewportSize({ width: 390, height: 844 });
  // Anything of planning's that sticks out, a tab row or a week's hidden words, widens the document.
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
  for (const tab of ['all_todos', 'milestones_view', 'action_plan']) {
    await page.goto(`/planning/${tab}`);
    await expect(page.locator('.planning-main > [data-state="ok"], [data-testid="timeline"]').first()).toBeVisible();
    expect(await overflow(), tab).toBeLessThanOrEqual(390);
    const box = await page.getByTestId('planning-root').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
});
