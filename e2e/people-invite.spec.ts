import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { forbidNativeDialogs } from './support/dialogs';
import { signUpApi, uniqueEmail } from './support/helpers';

// A calendar invitation becomes a prepared meeting (docs/people.md#meetings-from-an-invite):
// pasted on the people page, set as a file on a person's Meetings tab, dropped on the people list;
// bad input is said inline; the same invitation again opens the meeting it made.

// The browser's zone is the one the times are shown in (mfe-people's userTimeZone).
test.use({ timezoneId: 'Europe/Paris' });

const ics = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** A Google Calendar invitation: 10:00 in New York on 10 March 2026 is 15:00 in Paris. */
const INVITE = ics(
  'BEGIN:VCALENDAR',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'VERSION:2.0',
  'METHOD:REQUEST',
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'DTSTART;TZID=America/New_York:20260310T100000',
  'DTEND;TZID=America/New_York:20260310T110000',
  'DTSTAMP:20260301T120000Z',
  'ORGANIZER;CN=Dana Lee:mailto:dana.lee@example.com',
  'UID:e2e-q2-review@google.com',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Dana Lee:mailto:dana.lee@example.com',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=',
  ' TRUE;CN=Priya Raman:mailto:priya@example.org',
  'DESCRIPTION:Go through the Q2 roadmap.\\nBring the hiring numbers.',
  'LOCATION:Room 4B',
  'SUMMARY:Q2 roadmap review',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** A signed-up user with Dana Lee (her e-mail in her profile): the invite's organizer, matched. */
async function withDana(page: Page, tag: string): Promise<{ dana: number; headers: Record<string, string> }> {
  const session = await signUpApi(page.request, uniqueEmail(tag));
  const headers = { accept: 'application/json', 'x-csrf-token': session.csrf_token };
  const created = await page.request.post('/people', { headers, data: { person: { full_name: 'Dana Lee' } } });
  const dana = ((await created.json()) as { person: { id: number } }).person.id;
  const saved = await page.request.patch(`/people/${dana}`, { headers, data: { basic_profile: { email: 'dana.lee@example.com' } } });
  expect(saved.status(), await saved.text()).toBe(200);
  return { dana, headers };
}

test('an invitation pasted on the people page becomes a prepared meeting, with its unknown guest as a new person', async ({ page }) => {
  const noNativeDialogs = forbidNativeDialogs(page);
  await withDana(page, 'invite');
  const me = ((await (await page.request.get('/auth/session')).json()) as { user: { email: string } }).user.email;
  await page.goto('/people');
  await page.getByTestId('people-invite').click();
  const dialog = page.getByRole('dialog', { name: 'Add a meeting from an invite' });
  // The user was invited too: they are "You", not a person to create.
  await dialog.getByLabel('Or paste the invitation’s text').fill(INVITE.replace('END:VEVENT', `ATTENDEE;CN=Me:mailto:${me}\r\nEND:VEVENT`));
  await dialog.getByRole('button', { name: 'Read invitation' }).click();

  const preview = dialog.getByTestId('invite-preview');
  await expect(preview.getByRole('heading', { name: 'Q2 roadmap review' })).toBeVisible();
  await expect(preview.getByTestId('invite-when')).toHaveText(/^Tuesday,? 10 March 2026, 15:00–16:00$/);
  await expect(preview).toContainText('Room 4B');
  const attendees = preview.getByTestId('invite-attendee');
  await expect(attendees).toHaveCount(3);
  await expect(attendees.nth(0)).toContainText('Matched to Dana Lee');
  await expect(attendees.nth(1)).toContainText('Priya Raman');
  await expect(attendees.nth(1).getByRole('checkbox', { name: 'Create person' })).toBeChecked();
  await expect(attendees.nth(2)).toContainText('You');
  await expect(attendees.nth(2).getByRole('checkbox')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Create meeting' }).click();
  await expect(dialog).toHaveCount(0);
  // The meeting opens, prepared: title, time, its notes, both attendees (Priya is a person now).
  const modal = page.getByTestId('meeting-modal');
  await expect(modal.getByTestId('meeting-title')).toHaveValue('Q2 roadmap review');
  await expect(modal.getByTestId('meeting-date')).toHaveValue('2026-03-10T15:00');
  await expect(modal.getByTestId('meeting-section-notes')).toHaveValue('Go through the Q2 roadmap.\nBring the hiring numbers.');
  await expect(modal.getByRole('checkbox', { name: 'Dana Lee' })).toBeChecked();
  await expect(modal.getByRole('checkbox', { name: 'Priya Raman' })).toBeChecked();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('person-row').locator('.person-link')).toHaveText(['Dana Lee', 'Priya Raman']);
  await page.getByRole('tab', { name: 'Meetings' }).click();
  await expect(page.getByTestId('meeting-row')).toContainText('Q2 roadmap review');

  // The same invitation again: already in the meetings, it opens that meeting instead of making a second.
  await page.getByTestId('meeting-invite').click();
  await dialog.getByLabel('Or paste the invitation’s text').fill(INVITE);
  await dialog.getByRole('button', { name: 'Read invitation' }).click();
  await expect(dialog.getByTestId('invite-already')).toHaveText('Already in your meetings');
  await expect(dialog.getByRole('button', { name: 'Create meeting' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Open meeting' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(modal.getByTestId('meeting-title')).toHaveValue('Q2 roadmap review');
  await expect(modal.getByTestId('meeting-date')).toHaveValue('2026-03-10T15:00');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('meeting-row')).toHaveCount(1);
  noNativeDialogs();
});

test('at 390 px, a file set on a Meetings tab; bad input is said inline and creates nothing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { dana } = await withDana(page, 'invite-bad');
  await page.goto(`/people?person=${dana}&view=meetings`);
  await expect(page.getByText('No meetings yet...')).toBeVisible();
  await page.getByTestId('meeting-invite').click();
  const dialog = page.getByRole('dialog', { name: 'Add a meeting from an invite' });

  // Not a calendar: said by the service, inline.
  await dialog.getByLabel('Or paste the invitation’s text').fill('Lunch on Tuesday at noon?');
  await dialog.getByRole('button', { name: 'Read invitation' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This is not a calendar invitation (.ics file).');
  expect(await seriousViolations(page)).toEqual([]);
  // A binary file: said before anything is sent.
  await dialog
    .getByTestId('invite-file')
    .setInputFiles({ name: 'photo.ics', mimeType: 'text/calendar', buffer: Buffer.from([0x89, 0x50, 0x00, 0x47]) });
  await expect(dialog.getByRole('alert')).toContainText(
    'This is not a calendar invitation (.ics file): it contains the invisible NUL character',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The real file: the meeting is made with Dana (whose tab this is) and opens.
  await dialog.getByTestId('invite-file').setInputFiles({ name: 'invite.ics', mimeType: 'text/calendar', buffer: Buffer.from(INVITE) });
  await expect(dialog.getByTestId('invite-when')).toHaveText(/^Tuesday,? 10 March 2026, 15:00–16:00$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dialog.getByTestId('invite-attendee').nth(1).getByRole('checkbox', { name: 'Create person' }).uncheck();
  await dialog.getByRole('button', { name: 'Create meeting' }).click();
  const modal = page.getByTestId('meeting-modal');
  await expect(modal.getByTestId('meeting-title')).toHaveValue('Q2 roadmap review');
  await expect(modal.getByRole('checkbox', { name: 'Dana Lee' })).toBeChecked();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('meeting-row')).toHaveCount(1);
  // Priya was not ticked: nobody new.
  await expect(page.getByTestId('person-row')).toHaveCount(1);
});

test('an .ics file dropped on the people list opens the dialog with it read, in the time zone chosen in Settings', async ({ page }) => {
  const { headers } = await withDana(page, 'invite-drop');
  const zone = await page.request.patch('/auth/calendar', { headers, data: { time_zone: 'America/New_York' } });
  expect(zone.status(), await zone.text()).toBe(200);
  await page.goto('/people');
  await expect(page.getByTestId('person-row')).toHaveCount(1);
  const file = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'invite.ics', { type: 'text/calendar' }));
    return transfer;
  }, INVITE);
  const list = page.getByRole('navigation', { name: 'People' });
  await list.dispatchEvent('dragenter', { dataTransfer: file });
  await expect(list).toHaveClass(/invite-dropping/);
  await list.dispatchEvent('drop', { dataTransfer: file });
  const dialog = page.getByRole('dialog', { name: 'Add a meeting from an invite' });
  await expect(dialog.getByRole('heading', { name: 'Q2 roadmap review' })).toBeVisible();
  await expect(dialog.getByTestId('invite-attendee').nth(0)).toContainText('Matched to Dana Lee');
  // New York's 10:00, not the browser's Paris time.
  await expect(dialog.getByTestId('invite-when')).toHaveText(/^Tuesday,? 10 March 2026, 10:00–11:00$/);
  await expect(dialog).toContainText('Times are in America/New York, your time zone in Settings.');
  await dialog.getByRole('button', { name: 'Create meeting' }).click();
  await expect(page.getByTestId('meeting-modal').getByTestId('meeting-date')).toHaveValue('2026-03-10T10:00');
});
