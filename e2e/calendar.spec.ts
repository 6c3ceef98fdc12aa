import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { signUpApi } from './support/helpers';

// Issue 24, the calendar feed (docs/calendar.md): Settings → Calendar through nginx and every
// service on Postgres; the address read as a calendar app would (no cookie) and parsed.

const JSON_HEADERS = { accept: 'application/json' };

test.use({ timezoneId: 'America/Chicago', permissions: ['clipboard-read', 'clipboard-write'] });

/** What a calendar app sees at the address: no cookie, its own client. */
async function subscribe(url: string) {
  const res = await fetch(url, { headers: { accept: 'text/calendar' } });
  if (res.status !== 200) return { status: res.status, events: [] };
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  return { status: res.status, events };
}

test('a user turns on the calendar feed in Settings, subscribes to it, and resets the link', async ({ page }) => {
  const session = await signUpApi(page.request);
  const headers = { ...JSON_HEADERS, 'X-CSRF-Token': session.csrf_token };
  const person = await (await page.request.post('/people', { headers, data: { person: { full_name: 'Grace Hopper' } } })).json();
  for (const res of await Promise.all([
    page.request.post('/planning/todos', { headers, data: { todo: { title: 'Send the promotion packet', due_date: '2027-02-05' } } }),
    page.request.post('/meetings', {
      headers,
      data: { meeting: { title: 'Skip-level with Grace', meeting_date: '2027-02-03T10:00' }, attendee_ids: [person.person.id] },
    }),
  ]))
    expect(res.status(), await res.text()).toBeLessThan(300);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Calendar' });
  await section.getByRole('button', { name: 'Turn on the calendar feed' }).click();
  const address = section.getByLabel('Your calendar address');
  await expect(address).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
  // The browser's zone, saved when the feed was turned on.
  await expect(section.getByLabel('Your time zone')).toHaveValue('America/Chicago');
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await address.inputValue());

  const feed = await subscribe(url);
  expect(feed.status).toBe(200);
  const meeting = feed.events.find((e) => e.summary === 'Skip-level with Grace')!;
  // 10:00 in Chicago in February is 16:00 UTC.
  expect(meeting.startDate.toJSDate().toISOString()).toBe('2027-02-03T16:00:00.000Z');
  expect(meeting.description).toContain('With Grace Hopper.');
  expect(feed.events.find((e) => e.summary === 'To do: Send the promotion packet')?.startDate.toString()).toBe('2027-02-05');

  // Reminders: on, at a time of the user's.
  await section.getByRole('checkbox', { name: /End-of-week check-in/ }).check();
  await section.getByLabel('End-of-week check-in time').fill('15:15');
  await section.getByLabel('End-of-week check-in time').blur();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await expect
    .poll(async () => {
      const reminder = (await subscribe(url)).events.find((e) => e.summary === 'End-of-week check-in');
      return reminder ? `${reminder.startDate.hour}:${reminder.startDate.minute}` : null;
    })
    .toBe('15:15');

  await section.getByRole('button', { name: 'Reset link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the calendar link?' });
  await expect(dialog).toContainText('stops working at once');
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await expect(section.getByRole('status')).toHaveText('The link was reset. The old address no longer works.');
  await expect(address).not.toHaveValue(url);
  expect((await subscribe(url)).status).toBe(404);
  expect((await subscribe(await address.inputValue())).status).toBe(200);
});

test('the Calendar settings read well on a phone', async ({ page }) => {
  await signUpApi(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Calendar' });
  await section.getByRole('button', { name: 'Turn on the calendar feed' }).click();
  await expect(section.getByLabel('Your calendar address')).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const name of ['Copy', 'Reset link', 'Turn off']) await expect(section.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
});
