/** @jest-environment jsdom */
// First: jsdom has no TextEncoder, which react-router needs when it loads.
import '@cc/ui/testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { DialogProvider } from '@cc/ui/dialogs';
import { MemoryRouter } from '@cc/ui/router';
import { elapse, setUpSignedInPage, timedUser } from '@cc/ui/testing/page';
import type { Meeting } from './api/meetings';
import { meeting as baseMeeting } from '../testing/fixtures';
import { installFakeApi, type FakeHandler, type FakeRequest } from '@cc/ui/testing/fake-api';
import { withQueries } from '@cc/ui/testing/queries';
import { followupLines, lineHash } from './followupTodos';
import MeetingModal from './MeetingModal';

const PEOPLE = [
  { id: 4, full_name: 'Ada Lovelace' },
  { id: 5, full_name: 'Charles Babbage' },
];

const FOLLOWUPS = ['- [ ] Send Ada the deck', '- [x] Book the room', '* Call Charles', '', '## Later', '  Send Ada the deck  '].join('\n');

/** The fixture's meeting with both attendees and a list of follow-ups. */
const meeting = (fields: Partial<Meeting> = {}): Meeting =>
  baseMeeting({
    attendees: [
      { id: 4, name: 'Ada Lovelace' },
      { id: 5, name: 'Charles Babbage' },
    ],
    attendee_ids: [4, 5],
    followups: FOLLOWUPS,
    ...fields,
  });

/** Planning as the server keeps it: one todo per source_key. */
function planning(fail = false) {
  const todos: Record<string, unknown>[] = [];
  const handler: FakeHandler = (req: FakeRequest) => {
    if (req.path === '/meetings/31') return { body: { success: true, errors: [], meeting: meeting() } };
    if (req.path !== '/planning/todos') return undefined;
    if (req.method === 'GET') return { body: { success: true, todos } };
    if (fail) return { status: 503, body: { success: false, errors: ['The planning service is not available.'] } };
    const sent = (req.body as { todo: Record<string, unknown> }).todo;
    const known = todos.find((t) => t.source_key === sent.source_key);
    if (known) return { status: 200, body: { success: true, errors: [], todo: known, duplicate: true } };
    const todo = { id: todos.length + 1, due_date: null, tags: [], completed: false, milestone_id: null, ...sent };
    todos.push(todo);
    return { status: 201, body: { success: true, errors: [], todo } };
  };
  return { todos, handler };
}

let fake: ReturnType<typeof installFakeApi> | undefined;

setUpSignedInPage({ clock: new Date(2026, 2, 5, 9, 7), fake: () => fake });

function open() {
  render(
    <MemoryRouter initialEntries={['/people?person=4']}>
      <DialogProvider>
        <MeetingModal meetingId={31} people={PEOPLE} defaultAttendeeId={4} onClose={() => {}} />
      </DialogProvider>
    </MemoryRouter>,
    { wrapper: withQueries() },
  );
}

const posted = () => fake!.find('POST', '/planning/todos').map((c) => (c.body as { todo: Record<string, string> }).todo);
const marks = () =>
  screen.getAllByTestId('followup-mark').map((li) => [li.firstChild!.textContent, within(li).queryByText('In planning') !== null]);

describe('follow-ups sent to planning', () => {
  it('reads the open lines: bullets and [ ] off, ticked lines, headings and blanks left out, each line once', () => {
    expect(followupLines(FOLLOWUPS)).toEqual(['Send Ada the deck', 'Call Charles']);
    expect(lineHash('Call Charles')).toMatch(/^[0-9a-f]{16}$/);
    expect(lineHash('Call Charles')).not.toBe(lineHash('Call Charles.'));
  });

  it('sends each open line once as a todo linked to the meeting and naming its attendees; a second press sends nothing new', async () => {
    const { todos, handler } = planning();
    fake = installFakeApi(handler);
    open();
    const u = timedUser();
    await u.click(await screen.findByRole('tab', { name: 'Follow-ups' }));
    await u.click(screen.getByRole('button', { name: 'Send to planning' }));
    expect(await screen.findByText('Sent 2 follow-ups to planning.')).toBeTruthy();

    const link = { source_label: 'Meeting: Budget review', source_url: '/people?person=4&meeting=31' };
    expect(posted()).toEqual([
      expect.objectContaining({ title: 'Send Ada the deck', source_key: `meeting:31:line:${lineHash('Send Ada the deck')}`, ...link }),
      expect.objectContaining({ title: 'Call Charles', source_key: `meeting:31:line:${lineHash('Call Charles')}`, ...link }),
    ]);
    expect(posted()[0]!.description).toBe('Follow-up from the meeting “Budget review”. Attendees: Ada Lovelace, Charles Babbage.');
    expect(marks()).toEqual([
      ['Send Ada the deck', true],
      ['Call Charles', true],
    ]);

    await u.click(screen.getByRole('button', { name: 'Send to planning' }));
    expect(await screen.findByText('Every open follow-up is already in planning.')).toBeTruthy();
    expect(posted()).toHaveLength(2);
    expect(todos).toHaveLength(2);

    // A line added later is the only one sent next time; it is saved first.
    const area = screen.getByRole('textbox', { name: 'Follow-ups' });
    await u.type(area, '{Enter}- [[ ] Share the notes');
    await u.click(screen.getByRole('button', { name: 'Send to planning' }));
    expect(await screen.findByText('Sent 1 follow-up to planning.')).toBeTruthy();
    expect(posted().map((t) => t.title)).toEqual(['Send Ada the deck', 'Call Charles', 'Share the notes']);
    expect(fake!.find('PATCH', '/meetings/31').at(-1)!.body).toMatchObject({
      meeting: { followups: `${FOLLOWUPS}\n- [ ] Share the notes` },
    });
    expect(marks()).toEqual([
      ['Send Ada the deck', true],
      ['Call Charles', true],
      ['Share the notes', true],
    ]);
    await elapse(600);
  });

  it('marks the lines already in planning when the meeting opens', async () => {
    const { todos, handler } = planning();
    todos.push({ id: 1, title: 'Call Charles', source_key: `meeting:31:line:${lineHash('Call Charles')}` });
    fake = installFakeApi(handler);
    open();
    await timedUser().click(await screen.findByRole('tab', { name: 'Follow-ups' }));
    await screen.findByTestId('followup-marks');
    expect(marks()).toEqual([
      ['Send Ada the deck', false],
      ['Call Charles', true],
    ]);
  });

  it('says clearly when planning cannot take them, and marks nothing', async () => {
    fake = installFakeApi(planning(true).handler);
    open();
    const u = timedUser();
    await u.click(await screen.findByRole('tab', { name: 'Follow-ups' }));
    await u.click(screen.getByRole('button', { name: 'Send to planning' }));
    expect((await screen.findByText(/^Could not send/)).textContent).toBe(
      'Could not send the follow-ups to planning: The planning service is not available.',
    );
    expect(screen.queryByText('In planning')).toBeNull();
  });
});
