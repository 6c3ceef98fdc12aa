/** @jest-environment jsdom */
// First: jsdom has no TextEncoder, which react-router needs when it loads.
import '@cc/ui/testing/text-encoding';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogProvider } from '@cc/ui/dialogs';
import { MemoryRouter } from '@cc/ui/router';
import { setUpSignedInPage } from '@cc/ui/testing/page';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import { PEOPLE_MESSAGES as M } from '@cc/contracts/people-rules';
import type { InviteEvent } from '@cc/contracts/invite';
import { meeting } from '../testing/fixtures';
import { MeetingsTab } from '../meetings/MeetingsTab';

const PEOPLE = [
  { id: 4, full_name: 'Ada Lovelace' },
  { id: 5, full_name: 'Dana Lee' },
];

const EVENT: InviteEvent = {
  uid: 'q2@example.com',
  title: 'Q2 roadmap review',
  start: '2026-03-10T15:00',
  end: '2026-03-10T16:00',
  all_day: false,
  location: 'Room 4B',
  description: 'Bring the hiring numbers.',
  recurring: false,
  occurrences: [],
  attendees: [
    { key: 'dana.lee@example.com', name: 'Dana Lee', email: 'dana.lee@example.com', person: { id: 5, name: 'Dana Lee' } },
    { key: 'priya@example.org', name: 'Priya Raman', email: 'priya@example.org', person: null },
    { key: 'me@example.com', name: 'Me', email: 'me@example.com', person: null },
  ],
  existing_meeting_id: null,
  imported_occurrences: [],
  problem: null,
};
const ICS = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Q2 roadmap review\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

let api: ReturnType<typeof installContractApi>;
setUpSignedInPage({ fake: () => api });
afterEach(() => api.assertNoViolations());

function serve(
  events: InviteEvent[] | { status: number; body: unknown },
  timeZone: string | null = null,
  fromInvite?: { status: number; body: unknown },
) {
  const created = meeting({ id: 77, title: 'Q2 roadmap review', meeting_date: '2026-03-10T15:00', notes: 'Bring the hiring numbers.' });
  api = installContractApi({
    'GET /people/{id}/meetings': () => ({ success: true, meetings: [], next_cursor: null }),
    'GET /auth/session': () => ({ success: true, user: { id: 1, email: 'Me@example.com', is_admin: false }, csrf_token: 't' }),
    'GET /auth/calendar': () => ({
      success: true,
      calendar: {
        time_zone: timeZone,
        include_todos: true,
        include_milestones: true,
        include_meetings: true,
        reminders: { start_of_day: null, end_of_day: null, end_of_week: null },
        feed_path: null,
      },
    }),
    'POST /meetings/read_invite': () => (Array.isArray(events) ? { success: true, events } : events),
    'GET /meetings/{id}': () => ({
      success: true,
      meeting: { ...created, id: 55, title: 'Q2 roadmap review (made before)', attendee_ids: [4] },
    }),
    'POST /meetings/from_invite': () =>
      fromInvite ?? {
        success: true,
        errors: [],
        meeting: { ...created, attendees: [{ id: 4, name: 'Ada Lovelace' }], attendee_ids: [4, 5, 6] },
        created_people: [{ id: 6, full_name: 'Priya Raman' }],
      },
  });
}

async function readPasted() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add from invite' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a meeting from an invite' });
  fireEvent.change(within(dialog).getByLabelText('Or paste the invitation’s text'), { target: { value: ICS } });
  await user.click(within(dialog).getByRole('button', { name: 'Read invitation' }));
  await within(dialog).findByTestId('invite-preview');
  return { user, dialog };
}

function renderTab(onMeetingOpened = jest.fn()) {
  render(
    <MemoryRouter initialEntries={['/people?person=4&view=meetings']}>
      <DialogProvider>
        <MeetingsTab personId={4} people={PEOPLE} requestedMeetingId={null} onMeetingOpened={onMeetingOpened} />
      </DialogProvider>
    </MemoryRouter>,
    { wrapper: withQueries() },
  );
  return onMeetingOpened;
}

describe('Add from invite (docs/people.md#meetings-from-an-invite)', () => {
  it('previews a pasted invitation (one attendee matched, one to create) and creates the meeting with them and this person, then opens it', async () => {
    serve([EVENT]);
    const opened = renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a meeting from an invite' });
    fireEvent.change(within(dialog).getByLabelText('Or paste the invitation’s text'), { target: { value: ICS } });
    await user.click(within(dialog).getByRole('button', { name: 'Read invitation' }));

    const preview = await within(dialog).findByTestId('invite-preview');
    expect(within(preview).getByRole('heading', { name: 'Q2 roadmap review' })).toBeTruthy();
    expect(within(preview).getByTestId('invite-when').textContent).toMatch(/10 March 2026, 15:00.16:00/);
    const [dana, priya, me] = within(preview).getAllByTestId('invite-attendee');
    expect(dana!.textContent).toContain('Matched to Dana Lee');
    expect(within(priya!).getByRole<HTMLInputElement>('checkbox', { name: 'Create person' }).checked).toBe(true);
    // The user is among the guests: never a person to create.
    expect(me!.textContent).toBe('Me (me@example.com)You');
    expect(within(me!).queryByRole('checkbox')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Create meeting' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(77));
    expect(api.find('POST', '/meetings/from_invite')[0]!.body).toMatchObject({
      // A textarea keeps line ends as LF; iCalendar readers take both.
      text: ICS.replace(/\r\n/g, '\n'),
      uid: 'q2@example.com',
      create: ['priya@example.org'],
      person_id: 4,
      // None chosen in Settings: the browser's.
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // The meeting opens, prepared.
    expect(await screen.findByDisplayValue('Q2 roadmap review')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add a meeting from an invite' })).toBeNull();
  });

  it('a repeating event asks which occurrence, and an unticked attendee is not created; times are read in the zone chosen in Settings', async () => {
    serve([{ ...EVENT, recurring: true, occurrences: ['2026-03-17T15:00', '2026-03-24T15:00'] }], 'Pacific/Chatham');
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from invite' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Or paste the invitation’s text'), { target: { value: ICS } });
    await user.click(within(dialog).getByRole('button', { name: 'Read invitation' }));
    await user.selectOptions(await within(dialog).findByLabelText('This event repeats. Which occurrence?'), '2026-03-24T15:00');
    expect(within(dialog).getByText('Times are in Pacific/Chatham, your time zone in Settings.')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create person' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create meeting' }));
    await waitFor(() => expect(api.find('POST', '/meetings/from_invite')).toHaveLength(1));
    expect(api.find('POST', '/meetings/from_invite')[0]!.body).toMatchObject({
      occurrence: '2026-03-24T15:00',
      create: [],
      time_zone: 'Pacific/Chatham',
    });
    expect(api.find('POST', '/meetings/read_invite')[0]!.body).toMatchObject({ time_zone: 'Pacific/Chatham' });
  });

  it('an invitation imported before shows "Already in your meetings" and "Open meeting", which opens that meeting and creates nothing', async () => {
    serve([{ ...EVENT, existing_meeting_id: 55 }]);
    const opened = renderTab();
    const { user, dialog } = await readPasted();
    expect(within(dialog).getByTestId('invite-already').textContent).toBe('Already in your meetings');
    expect(within(dialog).queryByRole('button', { name: 'Create meeting' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Open meeting' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(55));
    expect(api.find('POST', '/meetings/from_invite')).toHaveLength(0);
  });

  it('a repeating event: only the occurrence imported before offers "Open meeting"', async () => {
    serve([
      {
        ...EVENT,
        recurring: true,
        occurrences: ['2026-03-17T15:00', '2026-03-24T15:00'],
        imported_occurrences: [{ start: '2026-03-24T15:00', meeting_id: 55 }],
      },
    ]);
    renderTab();
    const { user, dialog } = await readPasted();
    expect(within(dialog).getByRole('button', { name: 'Create meeting' })).toBeTruthy();
    const select = within(dialog).getByLabelText('This event repeats. Which occurrence?');
    expect(within(select).getAllByRole('option')[1]!.textContent).toMatch(/\(already in your meetings\)$/);
    await user.selectOptions(select, '2026-03-24T15:00');
    expect(within(dialog).getByTestId('invite-already')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Open meeting' })).toBeTruthy();
  });

  it('imported meanwhile (the answer is 409): the dialog switches to "Open meeting" for the meeting it names', async () => {
    serve([EVENT], null, { status: 409, body: { success: false, errors: [M.inviteAlreadyImported], meeting_id: 55 } });
    renderTab();
    const { user, dialog } = await readPasted();
    await user.click(within(dialog).getByRole('button', { name: 'Create meeting' }));
    expect(await within(dialog).findByRole('button', { name: 'Open meeting' })).toBeTruthy();
    expect(within(dialog).getByTestId('invite-already').textContent).toBe('Already in your meetings');
  });

  it('a cancellation says there is nothing to add, and cannot be created', async () => {
    serve([{ ...EVENT, problem: M.inviteCancelled }]);
    renderTab();
    const { dialog } = await readPasted();
    expect(within(dialog).getByTestId('invite-cancelled').textContent).toBe(M.inviteCancelled);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Create meeting' }).disabled).toBe(true);
  });

  it("says why bad input is no invitation, inline, and creates nothing: the server's reason, a NUL or a huge file dropped on the list", async () => {
    serve({ status: 422, body: { success: false, errors: [M.inviteNotCalendar] } });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from invite' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Or paste the invitation’s text'), { target: { value: 'Lunch on Tuesday?' } });
    await user.click(within(dialog).getByRole('button', { name: 'Read invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(M.inviteNotCalendar);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Dropped on the meetings list: the dialog opens with the file, refused before it is sent.
    const list = screen.getByRole('region', { name: 'Meetings' });
    const drop = (file: File) => fireEvent.drop(list, { dataTransfer: { files: [file], types: ['Files'] } });
    drop(new File(['BEGIN:VCALENDAR\u0000'], 'invite.ics', { type: 'text/calendar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.inviteNul);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    drop(new File(['x'.repeat(1_048_577)], 'big.ics', { type: 'text/calendar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.inviteTooLarge);
    // Dropped on the dialog's own area: read by the dialog once, not opened again by the list behind it.
    fireEvent.drop(screen.getByText('Drop a calendar invitation (.ics file) here.'), {
      dataTransfer: { files: [new File(['Lunch?'], 'lunch.ics')], types: ['Files'] },
    });
    await waitFor(() => expect(api.find('POST', '/meetings/read_invite')).toHaveLength(2));
    expect(api.find('POST', '/meetings/read_invite')).toHaveLength(2);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(api.find('POST', '/meetings/from_invite')).toHaveLength(0);
  });
});
