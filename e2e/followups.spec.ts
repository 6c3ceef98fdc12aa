import { expect, test } from '@playwright/test';
import { forbidNativeDialogs } from './support/dialogs';
import { signUpApi, uniqueEmail } from './support/helpers';

// Follow-ups become todos (issue 12, docs/people.md#meetings): the open lines of a meeting's follow-ups
// go to planning once, each linked back to the meeting; sending again makes nothing new.

test('follow-ups sent to planning show there with a link to the meeting, and a second send adds no duplicates', async ({ page }) => {
  const noNativeDialogs = forbidNativeDialogs(page);
  const session = await signUpApi(page.request, uniqueEmail('followups'));
  const headers = { accept: 'application/json', 'x-csrf-token': session.csrf_token };
  const created = await page.request.post('/people', { headers, data: { person: { full_name: 'Maria Lopez' } } });
  const personId = ((await created.json()) as { person: { id: number } }).person.id;

  await page.goto(`/people?person=${personId}`);
  await page.getByRole('tab', { name: 'Meetings' }).click();
  await page.getByTestId('meeting-new').click();
  const modal = page.getByTestId('meeting-modal');
  await page.getByTestId('meeting-title').fill('Weekly 1:1 with Maria');
  await expect(page.getByTestId('meeting-title-status')).toHaveText('Saved');
  await modal.getByRole('tab', { name: 'Follow-ups' }).click();
  await page
    .getByTestId('meeting-section-followups')
    .fill('- [ ] Send Maria the hiring plan\n- [x] Book the offsite\n* Review her promotion case\n');

  await modal.getByRole('button', { name: 'Send to planning' }).click();
  await expect(modal.getByRole('status').filter({ hasText: 'follow-up' })).toHaveText('Sent 2 follow-ups to planning.');
  const marks = modal.getByTestId('followup-mark');
  await expect(marks).toHaveText(['Send Maria the hiring planIn planning', 'Review her promotion caseIn planning']);
  await expect(page.getByTestId('meeting-section-followups-status')).toHaveText('Saved');
  await page.getByRole('button', { name: 'Done' }).click();

  await page.goto('/planning/all_todos');
  const rows = page.getByTestId('todo-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.locator('.todo-title')).toHaveText(['Send Maria the hiring plan', 'Review her promotion case']);
  const links = rows.getByRole('link', { name: 'Meeting: Weekly 1:1 with Maria' });
  await expect(links).toHaveCount(2);
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(new RegExp(`^/people\\?person=${personId}&meeting=\\d+$`));
  await expect(rows.first()).toContainText('Attendees: Maria Lopez.');

  // The link opens the meeting; sending again finds every line in planning already.
  await links.first().click();
  await expect(page).toHaveURL(href!);
  await expect(modal).toBeVisible();
  await modal.getByRole('tab', { name: 'Follow-ups' }).click();
  await expect(marks).toHaveText(['Send Maria the hiring planIn planning', 'Review her promotion caseIn planning']);
  await modal.getByRole('button', { name: 'Send to planning' }).click();
  await expect(modal.getByRole('status').filter({ hasText: 'planning' })).toHaveText('Every open follow-up is already in planning.');

  await page.goto('/planning/all_todos');
  await expect(page.getByTestId('todo-row')).toHaveCount(2);
  noNativeDialogs();
});
