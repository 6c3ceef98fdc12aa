/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarSettings } from '@cc/contracts/calendar';
import { DialogProvider } from '@cc/ui/dialogs';
import { installContractApi, type ContractRequest } from '@cc/ui/testing/contract-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { CalendarSection } from './CalendarSection';
import { browserTimeZone } from '@cc/ui/time-zone';

const FEED = `/calendar/${'A'.repeat(43)}.ics`;
const NEXT_FEED = `/calendar/${'B'.repeat(43)}.ics`;

let fake: ReturnType<typeof installContractApi>;
let calendar: CalendarSettings;
let writes: ContractRequest[];

beforeEach(() => {
  writes = [];
  calendar = {
    time_zone: null,
    include_todos: true,
    include_milestones: true,
    include_meetings: true,
    reminders: { start_of_day: null, end_of_day: null, end_of_week: null },
    feed_path: null,
  };
  const answer = () => ({ success: true as const, calendar });
  fake = installContractApi({
    'GET /auth/calendar': answer,
    'PATCH /auth/calendar': (req) => {
      writes.push(req);
      const body = req.body as Partial<CalendarSettings>;
      calendar = { ...calendar, ...body, reminders: { ...calendar.reminders, ...(body.reminders ?? {}) } };
      return answer();
    },
    'POST /auth/calendar/reset': (req) => {
      writes.push(req);
      calendar = { ...calendar, feed_path: calendar.feed_path ? NEXT_FEED : FEED };
      return answer();
    },
    'DELETE /auth/calendar/feed': (req) => {
      writes.push(req);
      calendar = { ...calendar, feed_path: null };
      return answer();
    },
  });
});
afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

const renderSection = () =>
  render(
    <DialogProvider>
      <CalendarSection />
    </DialogProvider>,
    { wrapper: withQueries(testQueryClient()) },
  );

const sent = () => writes.map((w) => [w.raw.method, w.raw.path, w.body ?? null]);

describe('Settings: Calendar', () => {
  it('starts off; turning it on saves the browser’s zone and shows the full address to copy', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn on the calendar feed' }));
    const address = (await screen.findByLabelText('Your calendar address')) as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}${FEED}`);
    expect(sent()).toEqual([
      ['PATCH', '/auth/calendar', { time_zone: browserTimeZone() }],
      ['POST', '/auth/calendar/reset', null],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Your calendar feed is on. Copy its address into your calendar app.');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${FEED}`);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('"Reset link" asks first, then shows the new address; "Turn off" too', async () => {
    calendar.feed_path = FEED;
    calendar.time_zone = 'Europe/Berlin';
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset link' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Your calendar address') as HTMLInputElement).value).toBe(`${window.location.origin}${NEXT_FEED}`),
    );
    expect(screen.getByRole('status').textContent).toBe('The link was reset. The old address no longer works.');

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off' }));
    await screen.findByRole('button', { name: 'Turn on the calendar feed' });
    expect(screen.queryByLabelText('Your calendar address')).toBeNull();
  });

  it('each choice is saved as it is made: what it carries, a reminder and its time, the zone', async () => {
    calendar.feed_path = FEED;
    calendar.time_zone = 'Europe/Berlin';
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('checkbox', { name: /^Meetings/ }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: /^Meetings/ }) as HTMLInputElement).checked).toBe(false));

    const reminder = screen.getByRole('checkbox', { name: /^Start-of-day check-in/ });
    const time = screen.getByLabelText('Start-of-day check-in time') as HTMLInputElement;
    expect(time.disabled).toBe(true);
    await user.click(reminder);
    await waitFor(() => expect(time.disabled).toBe(false));
    await user.clear(time);
    await user.type(time, '07:45');
    await user.tab();

    await user.selectOptions(screen.getByLabelText('Your time zone'), 'Asia/Tokyo');
    await waitFor(() => expect(writes).toHaveLength(4));
    expect(sent()).toEqual([
      ['PATCH', '/auth/calendar', { include_meetings: false }],
      ['PATCH', '/auth/calendar', { reminders: { start_of_day: '09:00' } }],
      ['PATCH', '/auth/calendar', { reminders: { start_of_day: '07:45' } }],
      ['PATCH', '/auth/calendar', { time_zone: 'Asia/Tokyo' }],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Time zone saved.');
  });

  it('a choice shows at once, before the server has answered', async () => {
    let answer: () => void = () => undefined;
    fake.uninstall();
    fake = installContractApi({
      'GET /auth/calendar': () => ({ success: true, calendar }),
      'PATCH /auth/calendar': (req) =>
        new Promise((resolve) => {
          answer = () => {
            calendar = { ...calendar, reminders: { ...calendar.reminders, ...(req.body as Partial<CalendarSettings>).reminders } };
            resolve({ success: true, calendar });
          };
        }),
    });
    const user = userEvent.setup();
    renderSection();
    const reminder = (await screen.findByRole('checkbox', { name: /^End-of-week check-in/ })) as HTMLInputElement;
    await user.click(reminder);
    expect(reminder.checked).toBe(true);
    answer();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    expect(reminder.checked).toBe(true);
  });

  it('a refused change is said, and the page keeps what the server has', async () => {
    fake.uninstall();
    fake = installContractApi({
      'GET /auth/calendar': () => ({ success: true, calendar }),
      'PATCH /auth/calendar': () => ({ status: 422, body: { success: false, errors: ['Choose a time zone from the list'] } }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.selectOptions(await screen.findByLabelText('Your time zone'), 'Asia/Tokyo');
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a time zone from the list');
    expect((screen.getByLabelText('Your time zone') as HTMLSelectElement).value).toBe(browserTimeZone());
  });
});
