import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signUpApi, uniqueEmail } from './support/helpers';

// Issue 18 on the people page: every object has an address (a person, a profile section, a
// person's research, a meeting) that opens it in the same tab, a new tab, after a reload and
// from Back; two tabs editing one field meet the conflict panel instead of overwriting each
// other; a meeting list is true after a slow save; each meeting has its own chat; axe on the
// page, the research view and the meeting modal.

async function setUp(request: APIRequestContext, tag: string) {
  const session = await signUpApi(request, uniqueEmail(tag));
  const headers = { accept: 'application/json', 'x-csrf-token': session.csrf_token };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Record<string, { id: number }>;
  };
  return { headers, post };
}

const personName = (page: Page) => page.getByTestId('person-content').locator('.person-name');

test('a person, a profile section, their research and a meeting each open from their address: same tab, new tab, reload, Back', async ({
  page,
  context,
}) => {
  const { post } = await setUp(page.request, 'addresses');
  const ada = (await post('/people', { person: { full_name: 'Ada Lovelace' } })).person!.id;
  const grace = (await post('/people', { person: { full_name: 'Grace Hopper' } })).person!.id;
  const meeting = (
    await post('/meetings', { meeting: { title: 'Quarterly review', meeting_date: '2026-03-05T14:30' }, attendee_ids: [grace] })
  ).meeting!.id;

  // The empty state first is checked in the axe test; here a person by address.
  await page.goto(`/people?person=${grace}`);
  await expect(personName(page)).toHaveText('Grace Hopper');

  // A profile section: opened and scrolled to.
  await page.goto(`/people?person=${ada}&section=working_style`);
  await expect(personName(page)).toHaveText('Ada Lovelace');
  const section = page.getByRole('button', { name: /Working style/ });
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await expect(section).toBeInViewport();
  // A section opened by hand is named in the address (a link to copy), and stays where it is.
  const goals = page.getByRole('button', { name: /Goals and priorities/ });
  await goals.click();
  await expect(goals).toHaveAttribute('aria-expanded', 'true');
  await expect(page).toHaveURL(`/people?person=${ada}&section=goals_priorities`);

  // Research: run once, then its address shows the saved result at once after a reload.
  await page.getByRole('tab', { name: 'Research' }).click();
  await expect(page).toHaveURL(`/people?person=${ada}&view=research`);
  await page.getByTestId('research-button').click();
  await expect(page.getByTestId('research-status')).toHaveText('Done', { timeout: 20_000 });
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Research' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('research-status')).toHaveText('Showing saved result');
  await expect(page.getByTestId('research-when')).toContainText('Web search is not connected.');

  // A meeting in a new tab: its modal open, its date in words beside the field.
  const other = await context.newPage();
  await other.goto(`/people?person=${grace}&meeting=${meeting}`);
  await expect(other.getByTestId('meeting-title')).toHaveValue('Quarterly review');
  await expect(other.getByTestId('meeting-date-hint')).toHaveText(/^Thursday,? 5 March 2026, 14:30$/);
  await other.getByRole('button', { name: 'Done' }).click();
  await expect(other).toHaveURL(`/people?person=${grace}&view=meetings`);
  // Opened from the list, a meeting is a step: Back closes it (the person stays), Forward reopens it.
  await other.getByTestId('meeting-row').click();
  await expect(other).toHaveURL(`/people?person=${grace}&meeting=${meeting}`);
  await other.goBack();
  await expect(other.getByTestId('meeting-modal')).toHaveCount(0);
  await expect(other).toHaveURL(`/people?person=${grace}&view=meetings`);
  await other.goForward();
  await expect(other.getByTestId('meeting-title')).toHaveValue('Quarterly review');
  await other.close();

  // Back: from Grace (chosen in the list) to Ada's research, as it was.
  await page.getByTestId('person-row').locator('.person-link').filter({ hasText: 'Grace Hopper' }).click();
  await expect(personName(page)).toHaveText('Grace Hopper');
  await page.goBack();
  await expect(page).toHaveURL(`/people?person=${ada}&view=research`);
  await expect(page.getByTestId('research-status')).toHaveText('Showing saved result');

  // A citation of a meeting in the notes research, opened in the same tab.
  await page.goto(`/people?person=${grace}&view=research`);
  await page.getByTestId('research-button').click();
  await expect(page.getByTestId('research-status')).toHaveText('Done', { timeout: 20_000 });
  const cited = page.getByTestId('research-citation').getByRole('link', { name: /Quarterly review/ });
  await expect(cited).toHaveAttribute('href', `/people?person=${grace}&meeting=${meeting}`);
  await cited.click();
  await expect(page.getByTestId('meeting-title')).toHaveValue('Quarterly review');
});

test('two tabs edit the same field: the later save meets the conflict panel, Keep mine wins, nothing is silently lost', async ({
  page,
  context,
}) => {
  const { post } = await setUp(page.request, 'twotabs');
  const id = (await post('/people', { person: { full_name: 'Dorothy Vaughan' } })).person!.id;
  await page.goto(`/people?person=${id}`);
  const other = await context.newPage();
  await other.goto(`/people?person=${id}`);
  await expect(other.getByTestId('person-field-basic_profile-role')).toHaveValue('');

  await page.getByTestId('person-field-basic_profile-role').fill('Head of computing');
  await expect(page.getByTestId('person-field-basic_profile-role-status')).toHaveText('Saved');

  await other.getByTestId('person-field-basic_profile-role').fill('Mathematician');
  const panel = other.getByTestId('conflict-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading')).toHaveText('“Role” was changed elsewhere');
  await expect(panel.getByTestId('conflict-theirs')).toContainText('Head of computing');
  expect(await seriousViolations(other, '[data-testid="conflict-panel"]')).toEqual([]);
  await panel.getByRole('button', { name: 'Keep mine' }).click();
  await expect(other.getByTestId('person-field-basic_profile-role-status')).toHaveText('Saved');
  await expect(panel).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('person-field-basic_profile-role')).toHaveValue('Mathematician');
});

test('Done while a meeting field is still saving (slow network): the list shows the new title once the save lands', async ({ page }) => {
  const { post } = await setUp(page.request, 'slowsave');
  const id = (await post('/people', { person: { full_name: 'Mary Jackson' } })).person!.id;
  await post('/meetings', { meeting: { title: 'Wind tunnel review', meeting_date: '2026-03-05T14:30' }, attendee_ids: [id] });
  await page.goto(`/people?person=${id}&view=meetings`);
  await page.getByTestId('meeting-row').click();
  await expect(page.getByTestId('meeting-title')).toHaveValue('Wind tunnel review');

  // Every meeting save takes 1.5 s from now on.
  await page.route('**/meetings/*', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByTestId('meeting-title').fill('Wind tunnel review with Langley');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('meeting-row')).toContainText('Wind tunnel review with Langley', { timeout: 10_000 });
  await page.reload();
  await expect(page.getByTestId('meeting-row')).toContainText('Wind tunnel review with Langley');
});

test('each meeting has its own chat: a new meeting does not show an old one’s talk', async ({ page }) => {
  const { post } = await setUp(page.request, 'meetingchat');
  const id = (await post('/people', { person: { full_name: 'Katherine Johnson' } })).person!.id;
  await post('/meetings', { meeting: { title: 'Trajectory check' }, attendee_ids: [id] });
  await page.goto(`/people?person=${id}&view=meetings`);
  await page.getByTestId('meeting-row').click();
  const modal = page.getByTestId('meeting-modal');
  const chat = modal.getByTestId('chat-panel');
  await chat.getByRole('textbox', { name: 'Message' }).fill('What should I ask about the launch window?');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(chat.locator('[data-role="user"]')).toContainText(['What should I ask about the launch window?']);
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByTestId('meeting-new').click();
  // No Delete and no chat before the meeting exists; both once it does.
  await expect(page.getByTestId('meeting-delete')).toHaveCount(0);
  await expect(modal.getByTestId('meeting-chat-waiting')).toBeVisible();
  await page.getByTestId('meeting-section-goals').fill('Agree the next review.');
  await expect(page.getByTestId('meeting-section-goals-status')).toHaveText('Saved');
  await expect(page.getByTestId('meeting-delete')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/people\\?person=${id}&meeting=\\d+$`));
  await expect(modal.getByTestId('chat-panel')).toHaveAttribute('data-active', 'true');
  await expect(modal.getByTestId('chat-panel')).not.toContainText('launch window');
});

test('axe finds nothing serious on the people page (empty and with a person), the research view and the meeting modal', async ({
  page,
}) => {
  const { post } = await setUp(page.request, 'peopleaxe');
  await page.goto('/people');
  await expect(page.getByRole('heading', { name: 'The people you work with' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const id = (await post('/people', { person: { full_name: 'Annie Easley' } })).person!.id;
  const meeting = (await post('/meetings', { meeting: { title: 'Code review', goals: 'Ship it' }, attendee_ids: [id] })).meeting!.id;
  await page.goto(`/people?person=${id}`);
  await expect(page.getByTestId('person-field-basic_profile-role')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/people?person=${id}&view=research`);
  await page.getByTestId('research-button').click();
  await expect(page.getByTestId('research-status')).toHaveText('Done', { timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/people?person=${id}&meeting=${meeting}`);
  await expect(page.getByTestId('meeting-section-goals')).toHaveValue('Ship it');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});
