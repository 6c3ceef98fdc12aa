/** @jest-environment jsdom */
// First: jsdom has no TextEncoder, which react-router needs when it loads.
import '@cc/ui/testing/text-encoding';
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { DialogProvider } from '@cc/ui/dialogs';
import { MemoryRouter } from '@cc/ui/router';
import { elapse, setUpSignedInPage, timedUser } from '@cc/ui/testing/page';
import { formatDateTime, formatDayLong } from '@cc/contracts/dates';
import { meeting } from '../testing/fixtures';
import { installFakeApi, type FakeAnswer, type FakeHandler } from '@cc/ui/testing/fake-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { meetingQuery, personMeetingsPages } from './api/meetings';
import MeetingModal from './MeetingModal';

const PEOPLE = [
  { id: 4, full_name: 'Ada Lovelace' },
  { id: 5, full_name: 'Charles Babbage' },
];

let fake: ReturnType<typeof installFakeApi>;
const serve = (handler: FakeHandler) => (fake = installFakeApi(handler));
const written = (): FakeAnswer => ({ status: 201, body: { success: true, errors: [], meeting: meeting() } });

// 9:07 in the morning, the user's own clock.
setUpSignedInPage({ clock: new Date(2026, 2, 5, 9, 7), fake: () => fake });

/** Opens the modal; its QueryClient holds Ada's and Charles's meeting lists as read before. */
function open(meetingId: number | null) {
  const client = testQueryClient();
  for (const id of [4, 5])
    client.setQueryData(personMeetingsPages(id).queryKey, { pages: [{ success: true, meetings: [] }], pageParams: [null] });
  render(
    <MemoryRouter initialEntries={['/people?person=4']}>
      <DialogProvider>
        <MeetingModal meetingId={meetingId} people={PEOPLE} defaultAttendeeId={4} onClose={() => {}} />
      </DialogProvider>
    </MemoryRouter>,
    { wrapper: withQueries(client) },
  );
  /** Whether every person's meeting list is marked out of date (read again when shown). */
  const listsInvalidated = () => [4, 5].every((id) => client.getQueryState(personMeetingsPages(id).queryKey)?.isInvalidated);
  return { client, listsInvalidated };
}

describe('the meeting-preparation modal', () => {
  it("creates the meeting on the first autosave, titled 'New meeting - YYYY-MM-DD HH:MM' from the local time, then updates only the field typed", async () => {
    serve((req) => (req.path === '/meetings' || req.path === '/meetings/31' ? written() : undefined));
    const { client, listsInvalidated } = open(null);
    const u = timedUser();
    // A new meeting is dated now, and its title hint is the default it will get.
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-03-05T09:07');
    expect((screen.getByLabelText('Title') as HTMLInputElement).placeholder).toBe('New meeting - 2026-03-05 09:07');
    await u.type(screen.getByRole('textbox', { name: 'Goals' }), 'Agree the Q3 budget');
    expect(fake.find('POST', '/meetings')).toHaveLength(0);
    await elapse(600);
    expect(fake.find('POST', '/meetings').map((c) => c.body)).toEqual([
      {
        meeting: { title: 'New meeting - 2026-03-05 09:07', meeting_date: '2026-03-05T09:07', goals: 'Agree the Q3 budget' },
        attendee_ids: [4],
      },
    ]);
    // The new meeting is in the cache, and every meeting list is to be read again.
    expect(listsInvalidated()).toBe(true);
    expect(client.getQueryData(meetingQuery(31).queryKey)?.meeting.id).toBe(31);

    await u.click(screen.getByRole('tab', { name: 'Agenda' }));
    await u.type(screen.getByRole('textbox', { name: 'Agenda' }), '1. Numbers');
    await elapse(600);
    expect(fake.find('PATCH', '/meetings/31').map((c) => c.body)).toEqual([
      { meeting: { agenda: '1. Numbers' }, save_id: expect.any(String) },
    ]);
    expect(fake.find('POST', '/meetings')).toHaveLength(1);
  });

  it('sends a title cleared to blank as the default title, and attendees as they are ticked', async () => {
    serve((req) =>
      req.path === '/meetings/31' ? (req.method === 'GET' ? { body: { success: true, meeting: meeting() } } : written()) : undefined,
    );
    open(31);
    const u = timedUser();
    const title = await screen.findByLabelText('Title');
    await u.clear(title);
    await elapse(600);
    await u.click(screen.getByRole('checkbox', { name: 'Charles Babbage' }));
    await elapse(0);
    expect(fake.find('PATCH', '/meetings/31').map((c) => c.body)).toEqual([
      // Based on the title's revision, with the save's own id.
      { meeting: { title: 'New meeting - 2026-03-05 09:07' }, revision: 0, save_id: expect.any(String) },
      { meeting: {}, attendee_ids: [4, 5] },
    ]);
  });

  it('a meeting field changed in another tab: its save based on the old revision gets the conflict panel under the field', async () => {
    serve((req) => {
      if (req.path === '/meetings/31' && req.method === 'GET')
        return { body: { success: true, meeting: meeting({ goals: 'Agree the budget', revisions: { goals: 2 } }) } };
      if (req.path === '/meetings/31')
        return {
          status: 409,
          body: { success: false, errors: ['changed'], current: { field: 'goals', content: 'Hire two analysts', revision: 3 } },
        };
      return undefined;
    });
    open(31);
    const u = timedUser();
    await u.type(await screen.findByRole('textbox', { name: 'Goals' }), ' this week');
    await elapse(600);
    expect(fake.find('PATCH', '/meetings/31')[0]!.body).toMatchObject({ meeting: { goals: 'Agree the budget this week' }, revision: 2 });
    const panel = await screen.findByTestId('conflict-panel');
    expect(panel.getAttribute('data-subject')).toBe('meeting');
    expect(screen.getByTestId('conflict-theirs').textContent).toContain('Hire two analysts');
    await u.click(screen.getByRole('button', { name: 'Take theirs' }));
    expect((screen.getByRole('textbox', { name: 'Goals' }) as HTMLTextAreaElement).value).toBe('Hire two analysts');
  });

  it("appends 'Generating suggestions…' and disables the area, then puts the proposal in and saves it", async () => {
    let release: (a: FakeAnswer) => void = () => {};
    serve((req) => {
      if (req.path === '/meetings/31' && req.method === 'GET')
        return { body: { success: true, meeting: meeting({ goals: 'Agree the budget' }) } };
      if (req.path === '/meetings/31') return written();
      if (req.path === '/meetings/generate_section') return new Promise<FakeAnswer>((resolve) => (release = resolve));
      return undefined;
    });
    open(31);
    const u = timedUser();
    const goals = (await screen.findByRole('textbox', { name: 'Goals' })) as HTMLTextAreaElement;
    await u.click(screen.getByTestId('meeting-generate-goals'));
    expect(await screen.findByDisplayValue('Agree the budget Generating suggestions…', { normalizer: (t) => t.replace(/\s+/g, ' ') })).toBe(
      goals,
    );
    expect(goals.value).toBe('Agree the budget\n\nGenerating suggestions…');
    expect(goals.disabled).toBe(true);
    const request = fake.find('POST', '/meetings/generate_section')[0]!.body!;
    expect(request).toMatchObject({ section: 'goals', attendee_ids: [4], title: 'Budget review', meeting_date: '2026-03-05T14:30' });
    expect((request.content as Record<string, string>).goals).toBe('Agree the budget');

    await act(async () => release({ body: { success: true, proposal: '- Agree the Q3 budget\n- Name an owner' } }));
    expect(goals.value).toBe('- Agree the Q3 budget\n- Name an owner');
    expect(goals.disabled).toBe(false);
    await elapse(600);
    expect(fake.find('PATCH', '/meetings/31').map((c) => c.body)).toEqual([
      { meeting: { goals: '- Agree the Q3 budget\n- Name an owner' }, revision: 0, save_id: expect.any(String) },
    ]);
  });

  it("gives the text back and says 'Error generating suggestions' when the proposal fails", async () => {
    serve((req) => {
      if (req.path === '/meetings/31' && req.method === 'GET') return { body: { success: true, meeting: meeting({ notes: 'Raw notes' }) } };
      if (req.path === '/meetings/generate_section') return { status: 502, body: { success: false, error: 'x', errors: ['x'] } };
      return undefined;
    });
    open(31);
    const u = timedUser();
    await u.click(await screen.findByRole('tab', { name: 'Notes' }));
    await u.click(screen.getByTestId('meeting-generate-notes'));
    expect((await screen.findByRole('alert')).textContent).toBe('Error generating suggestions');
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('Raw notes');
    expect(fake.find('PATCH', '/meetings/31')).toHaveLength(0);
  });

  it("asks 'Are you sure you want to delete this meeting?' before deleting", async () => {
    serve((req) => {
      if (req.path === '/meetings/31' && req.method === 'GET') return { body: { success: true, meeting: meeting() } };
      if (req.path === '/meetings/31' && req.method === 'DELETE') return { body: { success: true, errors: [] } };
      return undefined;
    });
    const { client, listsInvalidated } = open(31);
    const u = timedUser();
    await u.click(await screen.findByTestId('meeting-delete'));
    expect(await screen.findByText('Are you sure you want to delete this meeting?')).toBeTruthy();
    expect(fake.find('DELETE', '/meetings/31')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Delete' }));
    await elapse(0);
    expect(fake.find('DELETE', '/meetings/31')).toHaveLength(1);
    expect(listsInvalidated()).toBe(true);
    expect(client.getQueryData(meetingQuery(31).queryKey)).toBeUndefined();
  });

  it('a new untouched meeting offers no Delete and no chat of its own; its first save creates it and both appear, its chat keyed to it, and it is titled new no more', async () => {
    serve((req) => (req.path === '/meetings' || req.path === '/meetings/31' ? written() : undefined));
    const onCreated = jest.fn();
    render(
      <MemoryRouter initialEntries={['/people?person=4']}>
        <DialogProvider>
          <MeetingModal meetingId={null} people={PEOPLE} defaultAttendeeId={4} onCreated={onCreated} onClose={() => {}} />
        </DialogProvider>
      </MemoryRouter>,
      { wrapper: withQueries() },
    );
    expect(screen.queryByTestId('meeting-delete')).toBeNull();
    expect(screen.getByTestId('meeting-chat-waiting')).toBeTruthy();
    expect(fake.find('GET', '/ai_chat/conversation')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'New meeting' })).toBeTruthy();

    await timedUser().type(screen.getByRole('textbox', { name: 'Goals' }), 'Agree the budget');
    await elapse(600);
    expect(onCreated).toHaveBeenCalledWith(31);
    expect(await screen.findByTestId('meeting-delete')).toBeTruthy();
    // It exists now: no longer titled new.
    expect(screen.getByRole('dialog', { name: 'Meeting preparation' })).toBeTruthy();
    await elapse(0);
    const asked = fake.find('GET', '/ai_chat/conversation').map((c) => `${c.query.get('folder')}/${c.query.get('file_name')}`);
    expect(asked).toContain('meetings/meeting-prep-31.md');
  });

  it('an existing meeting opens its own conversation, not a shared one', async () => {
    serve((req) => (req.path === '/meetings/31' && req.method === 'GET' ? { body: { success: true, meeting: meeting() } } : undefined));
    open(31);
    await screen.findByLabelText('Title');
    await elapse(0);
    const asked = fake.find('GET', '/ai_chat/conversation').map((c) => c.query.get('file_name'));
    expect(asked).toEqual(expect.arrayContaining(['meeting-prep-31.md']));
    expect(asked).not.toContain('meeting-prep.md');
  });

  it('shows the date in the user’s words beside the date field (the field itself is the browser’s)', async () => {
    serve((req) => (req.path === '/meetings/31' && req.method === 'GET' ? { body: { success: true, meeting: meeting() } } : undefined));
    open(31);
    await screen.findByLabelText('Date');
    expect(screen.getByTestId('meeting-date-hint').textContent).toBe(`${formatDayLong('2026-03-05')}, 14:30`);
  });

  it('lists the ten preparation questions in the questions tab', async () => {
    serve(() => undefined);
    open(null);
    await timedUser().click(screen.getByRole('tab', { name: 'Questions' }));
    expect(screen.getByTestId('meeting-questions').querySelectorAll('li')).toHaveLength(10);
  });

  it('shows what the last meeting with this person left open, and takes it over into the new agenda', async () => {
    const last = meeting({
      id: 30,
      title: 'Kick-off',
      meeting_date: '2026-03-02T10:00',
      followups: '- [x] Sent the deck\n- Book the budget review',
      agenda: '- Hiring plan',
    });
    serve((req) => {
      if (req.path === '/people/4/meetings') return { body: { success: true, meetings: [last] } };
      if (req.path === '/meetings/30') return { body: { success: true, meeting: last } };
      if (req.path === '/meetings') return written();
      return undefined;
    });
    open(null);
    const box = await screen.findByTestId('carry-forward');
    expect(box.textContent).toContain('Book the budget review');
    expect(box.textContent).toContain('Hiring plan');
    expect(box.textContent).not.toContain('Sent the deck');
    const u = timedUser();
    await u.click(screen.getByRole('button', { name: 'Add to this agenda' }));
    await u.click(screen.getByRole('tab', { name: 'Agenda' }));
    expect((screen.getByRole('textbox', { name: 'Agenda' }) as HTMLTextAreaElement).value).toBe('- Book the budget review\n- Hiring plan');
    await elapse(600);
    expect(fake.find('POST', '/meetings')[0]!.body!.meeting).toMatchObject({ agenda: '- Book the budget review\n- Hiring plan' });
  });

  it('briefs on what happened since the last meeting: that meeting, open todos naming the person, notes mentioning them since', async () => {
    const last = meeting({ id: 30, title: 'Kick-off', meeting_date: '2026-03-02T10:00', short_date: 'Mar 2, 2026' });
    const todo = (id: number, title: string, completed = false) => ({
      id,
      title,
      due_date: null,
      description: '',
      tags: [],
      completed,
      milestone_id: null,
      created_at: '',
      updated_at: '',
    });
    serve((req) => {
      if (req.path === '/people/4/meetings') return { body: { success: true, meetings: [last] } };
      if (req.path === '/meetings/30') return { body: { success: true, meeting: last } };
      if (req.path === '/planning/todos')
        return { body: { success: true, todos: [todo(1, 'Send Ada the deck'), todo(2, 'Call Ada', true), todo(3, 'Book the dentist')] } };
      if (req.path === '/people/4/research')
        return {
          body: {
            success: true,
            research: {
              answer: 'Ada Lovelace leads the data platform team at Analytical Engines [1]. She mentors new analysts [2].',
              citations: [],
              source: 'notes',
              searched_at: '2026-03-01T09:00:00.000Z',
            },
          },
        };
      if (req.path === '/files/mentions' && req.query.get('q') === 'Ada Lovelace')
        return {
          body: {
            success: true,
            mentions: [
              { kind: 'journal', date: '2026-03-04', excerpt: 'Ada…', updated_at: '2026-03-04T08:00:00Z' },
              { kind: 'journal', date: '2026-02-20', excerpt: 'Ada…', updated_at: '2026-02-20T08:00:00Z' },
            ],
          },
        };
      return undefined;
    });
    open(null);
    const brief = await screen.findByTestId('since-last-spoke');
    // Every link is the object's full address, every date in the user's form (jest runs en-GB).
    expect(brief.querySelector('a[href="/people?person=4&meeting=30"]')?.textContent).toBe('Kick-off (Mon 2 Mar)');
    expect([...brief.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Send Ada the deck', 'Journal, Wed 4 Mar']);
    expect(brief.querySelector('a[href="/planning/all_todos?todo=1"]')?.textContent).toBe('Send Ada the deck');
    expect(brief.querySelector('a[href="/journal/2026-03-04"]')).not.toBeNull();
    // The saved research, read without searching again, its markers left out.
    expect(brief.textContent).toContain('Ada Lovelace leads the data platform team at Analytical Engines. She mentors new analysts.');
    expect(brief.querySelector('a[href="/people?person=4&view=research"]')?.textContent).toBe(
      `From your notes, ${formatDateTime('2026-03-01T09:00:00.000Z')}`,
    );
  });
});
