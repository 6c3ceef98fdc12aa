import { expect, test, type Page } from '@playwright/test';
import { forbidNativeDialogs } from './support/dialogs';
import { signUpApi, uniqueEmail } from './support/helpers';
import { drop, moveUntil, pickUp } from './support/sortable';

// The people page through nginx: the list (add, reorder, delete), profile fields that autosave
// 600 ms after typing, research with citations (the user's own notes when no web search is
// configured, as in this stack), the person chat, and meeting preparation.

const rows = (page: Page) => page.getByTestId('person-row').locator('.person-link');

async function addPerson(page: Page, name: string) {
  await page.getByTestId('person-add-name').fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(rows(page).filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByTestId('person-content').locator('.person-name')).toHaveText(name);
}

/** Types into an autosaved field and waits until the server has it. */
async function typeAndSave(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).fill(text);
  await expect(page.getByTestId(`${testId}-status`)).toHaveText('Saved');
}

test('add two people, reorder them, edit their fields: a reload keeps it all', async ({ page }) => {
  const noNativeDialogs = forbidNativeDialogs(page);
  await signUpApi(page.request, uniqueEmail('people'));
  await page.goto('/people');
  await expect(page.getByTestId('people-root')).toBeVisible();
  await expect(page).toHaveTitle('People');

  await addPerson(page, 'Ada Lovelace');
  await addPerson(page, 'Charles Babbage');
  await expect(rows(page)).toHaveText(['Ada Lovelace', 'Charles Babbage']);

  // The keyboard way of dnd-kit: pick up with Space, move up, drop with Space.
  const grip = page.getByRole('button', { name: 'Move Charles Babbage' });
  await grip.focus();
  // Focus loads dnd-kit (not part of the first visit); its grips then carry their instructions.
  await expect(grip).toHaveAttribute('aria-describedby', /.+/);
  await expect(grip).toBeFocused();
  await pickUp(page, grip);
  await moveUntil(page, 'ArrowUp', page.getByText(/Charles Babbage was moved into position 1 of 2/));
  await drop(page, grip);
  await expect(rows(page)).toHaveText(['Charles Babbage', 'Ada Lovelace']);

  await rows(page).filter({ hasText: 'Ada Lovelace' }).click();
  await expect(page).toHaveURL(/\/people\?person=\d+$/);
  await expect(page.getByTestId('person-content').locator('.person-name')).toHaveText('Ada Lovelace');
  await typeAndSave(page, 'person-field-basic_profile-role', 'Head of Data');
  await typeAndSave(page, 'person-field-basic_profile-company', 'Analytical Engines');
  await page.getByRole('button', { name: /What they care about/ }).click();
  await typeAndSave(page, 'person-field-what_they_care_about-values', 'Rigour; credit where it is due.');

  // The section opened last is in the address: the reload opens it again, beside the basic profile.
  await expect(page).toHaveURL(/\/people\?person=\d+&section=what_they_care_about$/);
  await page.reload();
  await expect(rows(page)).toHaveText(['Charles Babbage', 'Ada Lovelace']);
  await expect(page.getByTestId('person-content').locator('.person-name')).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('person-field-basic_profile-role')).toHaveValue('Head of Data');
  await expect(page.getByTestId('person-field-basic_profile-company')).toHaveValue('Analytical Engines');
  await expect(page.getByTestId('person-field-what_they_care_about-values')).toHaveValue('Rigour; credit where it is due.');

  // Delete asks first (in the app), then the person goes.
  await page.getByRole('button', { name: 'Delete Charles Babbage' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete person' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows(page)).toHaveText(['Ada Lovelace']);
  await page.reload();
  await expect(rows(page)).toHaveText(['Ada Lovelace']);
  noNativeDialogs();
});

test("research answers with numbered citations that open, then 'Showing saved result'", async ({ page }) => {
  await signUpApi(page.request, uniqueEmail('research'));
  await page.goto('/people');
  await addPerson(page, 'Grace Hopper');
  await typeAndSave(page, 'person-field-basic_profile-role', 'Rear admiral');

  await page.getByRole('tab', { name: 'Research' }).click();
  await page.getByTestId('research-button').click();
  await expect(page.getByTestId('research-status')).toHaveText('Done', { timeout: 20_000 });
  // The findings first; that no web search is connected is said once, beside the answer.
  await expect(page.getByTestId('research-answer')).toContainText('Grace Hopper is a Rear admiral');
  await expect(page.getByTestId('research-answer')).not.toContainText('web search');
  await expect(page.getByTestId('research-when')).toContainText('Web search is not connected.');
  await expect(page.getByTestId('research-citation').first()).toBeVisible();
  await expect(page.getByTestId('research-answer').locator('.citation-marker').first()).toHaveText(/^\[\d+\]$/);

  await page.getByTestId('research-button').click();
  await expect(page.getByTestId('research-status')).toHaveText('Showing saved result');

  // A citation of the user's notes opens inside the app: the profile it cites.
  const profile = page.getByTestId('research-citation').getByRole('link').first();
  const href = await profile.getAttribute('href');
  expect(href).toMatch(/^\/people\?person=\d+/);
  await profile.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByTestId('person-content').locator('.person-name')).toHaveText('Grace Hopper');
});

test('the person chat greets, answers and clears', async ({ page }) => {
  await signUpApi(page.request, uniqueEmail('personchat'));
  await page.goto('/people');
  await addPerson(page, 'Katherine Johnson');
  const chat = page.getByTestId('chat-panel');
  await expect(chat).toHaveAttribute('data-active', 'true');
  await expect(chat.getByText('How can I help you think about this person today?')).toBeVisible();

  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('How should I prepare our next one-on-one?');
  await box.press('Shift+Enter');
  await expect(chat.locator('[data-role="user"]')).toHaveCount(0);
  await box.press('Enter');
  await expect(chat.locator('[data-role="user"]')).toHaveText(['You: How should I prepare our next one-on-one?']);
  await expect(box).toHaveValue('');
  // The greeting, then the reply (the offline coach in this stack).
  await expect(chat.locator('[data-role="assistant"]:not([data-streaming])')).toHaveCount(2, { timeout: 20_000 });

  await chat.getByRole('button', { name: 'Clear chat' }).click();
  await expect(chat.getByText('Chat cleared for this person. How would you like to proceed?')).toBeVisible();
  await expect(chat.getByText('How should I prepare our next one-on-one?')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('chat-panel').getByText('How can I help you think about this person today?')).toBeVisible();
  await expect(page.getByTestId('chat-panel').getByText('How should I prepare our next one-on-one?')).toHaveCount(0);
});

test('prepare a meeting: created by typing, a section generated, attendees added, all there after a reload', async ({ page }) => {
  const noNativeDialogs = forbidNativeDialogs(page);
  await signUpApi(page.request, uniqueEmail('meetings'));
  await page.goto('/people');
  await addPerson(page, 'Margaret Hamilton');
  await addPerson(page, 'Dorothy Vaughan');
  await rows(page).filter({ hasText: 'Dorothy Vaughan' }).click();

  await page.getByRole('tab', { name: 'Meetings' }).click();
  await expect(page.locator('#person-tab-6')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No meetings yet...')).toBeVisible();

  await page.getByTestId('meeting-new').click();
  const modal = page.getByTestId('meeting-modal');
  await typeAndSave(page, 'meeting-section-goals', 'Agree who owns the launch checklist.');
  // The first autosave created it, with the default title from the local time.
  await expect(page.getByTestId('meeting-row')).toHaveCount(1);
  await expect(page.getByTestId('meeting-row')).toContainText(/New meeting - \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  await modal.getByRole('checkbox', { name: 'Margaret Hamilton' }).check();
  await modal.getByRole('tab', { name: 'Agenda' }).click();
  await modal.getByTestId('meeting-generate-agenda').click();
  const agenda = modal.getByTestId('meeting-section-agenda');
  await expect(agenda).toBeEnabled({ timeout: 20_000 });
  await expect(agenda).not.toHaveValue('');
  await expect(agenda).not.toHaveValue(/Generating suggestions/);
  await expect(page.getByTestId('meeting-section-agenda-status')).toHaveText('Saved');
  const proposal = await agenda.inputValue();

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('meeting-row')).toContainText('Margaret Hamilton');

  await page.reload();
  await page.getByRole('tab', { name: 'Meetings' }).click();
  await page.getByTestId('meeting-row').click();
  await expect(modal.getByTestId('meeting-section-goals')).toHaveValue('Agree who owns the launch checklist.');
  await expect(modal.getByTestId('meeting-section-agenda')).toHaveValue(proposal);
  await expect(modal.getByRole('checkbox', { name: 'Margaret Hamilton' })).toBeChecked();
  await expect(modal.getByRole('checkbox', { name: 'Dorothy Vaughan' })).toBeChecked();

  await page.getByTestId('meeting-delete').click();
  const confirm = page.getByRole('dialog', { name: 'Delete meeting' });
  await expect(confirm).toContainText('Are you sure you want to delete this meeting?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No meetings yet...')).toBeVisible();
  noNativeDialogs();
});

test('a new meeting with the same person shows what the last one left open, ready to take over, and what happened since', async ({
  page,
}) => {
  const session = await signUpApi(page.request, uniqueEmail('carry'));
  const headers = { accept: 'application/json', 'x-csrf-token': session.csrf_token };
  const created = await page.request.post('/people', { headers, data: { person: { full_name: 'Annie Easley' } } });
  const personId = ((await created.json()) as { person: { id: number } }).person.id;
  const last = await page.request.post('/meetings', {
    headers,
    data: {
      meeting: {
        title: 'Kick-off',
        meeting_date: '2026-03-02T10:00',
        followups: '- [x] Sent the deck\n- Book the budget review',
        agenda: '- Hiring plan',
      },
      attendee_ids: [personId],
    },
  });
  expect(last.status(), await last.text()).toBe(201);
  // What happened since: a todo that names her, a journal entry that mentions her.
  const todo = await page.request.post('/planning/todos', { headers, data: { todo: { title: 'Send Annie the budget draft' } } });
  expect(todo.status(), await todo.text()).toBe(201);
  const entry = await page.request.post('/journal/2026-03-04/save', {
    headers,
    data: { content: 'Lunch with Annie Easley about hiring.' },
  });
  expect(entry.ok(), await entry.text()).toBe(true);

  await page.goto(`/people?person=${personId}`);
  await page.getByRole('tab', { name: 'Meetings' }).click();
  await page.getByTestId('meeting-new').click();
  const box = page.getByTestId('carry-forward');
  await expect(box).toContainText('Kick-off');
  await expect(box).toContainText('Book the budget review');
  await expect(box).toContainText('Hiring plan');
  await expect(box).not.toContainText('Sent the deck');
  const brief = page.getByTestId('since-last-spoke');
  await expect(brief.getByRole('link', { name: /Kick-off/ })).toHaveAttribute(
    'href',
    `/people?person=${personId}&meeting=${(await last.json()).meeting.id}`,
  );
  await expect(brief.getByRole('link', { name: 'Send Annie the budget draft' })).toHaveAttribute(
    'href',
    `/planning/all_todos?todo=${(await todo.json()).todo.id}`,
  );
  // A date in the user's words (Playwright runs en-GB), linked by the day's address.
  await expect(brief.getByRole('link', { name: 'Journal, Wed 4 Mar' })).toHaveAttribute('href', '/journal/2026-03-04');
  await box.getByRole('button', { name: 'Add to this agenda' }).click();
  await page.getByRole('tab', { name: 'Agenda' }).click();
  await expect(page.getByTestId('meeting-section-agenda')).toHaveValue('- Book the budget review\n- Hiring plan');
  await expect(page.getByTestId('meeting-section-agenda-status')).toHaveText('Saved');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('meeting-row')).toHaveCount(2);
});
