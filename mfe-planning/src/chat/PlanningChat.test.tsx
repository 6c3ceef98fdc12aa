/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetChatStatusCache } from '@cc/ui';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';
import { installFakeApi, type FakeHandler } from '../testing/fakeApi';
import { todo } from '../testing/fixtures';
import { formatDayInWords } from '@cc/contracts/dates';
import PlanningChat from './PlanningChat';

const ACTION_REPLY =
  'I\'ll add it.\n\n{"action":"create_todo","todo_data":{"title":"Call Sam","due_date":"2026-03-02","description":"","tags":["work"]}}';

let fake: ReturnType<typeof installFakeApi>;
function serve(handler: FakeHandler) {
  fake = installFakeApi(handler);
}

beforeEach(() => {
  localStorage.clear();
  setStorageAccount('7');
  resetChatStatusCache();
});
afterEach(() => {
  fake.uninstall();
  forgetStorageAccount();
});

const history = Array.from({ length: 10 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i}` }));

describe('the planning chat', () => {
  it("sends §7's payload and runs the create_todo a reply embeds, then refreshes the lists", async () => {
    serve((req) => {
      if (req.path === '/ai_chat/conversation') return { body: { success: true, conversation_id: 1, messages: history } };
      if (req.path === '/ai_chat/send_message') return { body: { success: true, message: ACTION_REPLY } };
      if (req.path === '/planning/chat_create_todo')
        return { status: 201, body: { success: true, errors: [], message: 'Added "Call Sam".' } };
      return undefined;
    });
    const refresh = jest.fn(async () => {});
    render(
      <PlanningChat
        tab="all_todos"
        todos={[todo({ title: 'Prepare the review', tags: ['a', 'b', 'c', 'd'] })]}
        milestones={[]}
        refresh={refresh}
      />,
    );
    await screen.findByText('turn 9');
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message' }), 'Remind me to call Sam on Monday{Enter}');

    await screen.findByText('Added "Call Sam".');
    const sent = fake.find('POST', '/ai_chat/send_message')[0]!.body!;
    expect(sent).toMatchObject({ mode: 'agent', file_content: '', folder: 'planning', file_name: 'all_todos.md' });
    expect(sent.message).toBe('Remind me to call Sam on Monday');
    expect(sent.conversation_history).toEqual(history.slice(4));
    expect(sent.context_summary).toBe('Current todos (1):\n- Prepare the review [tags: a, b, c]');
    expect(JSON.parse(String(fake.find('POST', '/planning/chat_create_todo')[0]!.body!.todo_data))).toEqual({
      title: 'Call Sam',
      due_date: '2026-03-02',
      description: '',
      tags: ['work'],
    });
    // The reply shows without its JSON; the lists are read again (1 s later).
    expect(screen.getByText("I'll add it.")).toBeTruthy();
    expect(screen.getByRole('log').textContent).not.toContain('"action"');
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('names the milestone view milestones.md, sends no summary for 6 items, and runs nothing for a plain reply', async () => {
    serve((req) => (req.path === '/ai_chat/send_message' ? { body: { success: true, message: 'What is the goal?' } } : undefined));
    const refresh = jest.fn(async () => {});
    const six = Array.from({ length: 6 }, () => todo());
    render(<PlanningChat tab="milestones_view" todos={six} milestones={[]} refresh={refresh} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message' }), 'Help me plan{Enter}');
    await screen.findByText('What is the goal?');
    const sent = fake.find('POST', '/ai_chat/send_message')[0]!.body!;
    expect(sent).toMatchObject({ file_name: 'milestones.md', folder: 'planning', mode: 'agent' });
    expect(sent).not.toHaveProperty('context_summary');
    expect(fake.calls.some((c) => c.path.startsWith('/planning/'))).toBe(false);
  });

  it("says the spec's line when the todo cannot be created, and when the chat fails", async () => {
    let replies = 0;
    serve((req) => {
      if (req.path === '/ai_chat/send_message')
        return replies++ === 0 ? { body: { success: true, message: ACTION_REPLY } } : { network: true };
      if (req.path === '/planning/chat_create_todo') return { status: 422, body: { success: false, errors: ['Please enter a title.'] } };
      return undefined;
    });
    render(<PlanningChat tab="upcoming" todos={[]} milestones={[]} refresh={async () => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Add a todo{Enter}');
    await screen.findByText("Sorry, I couldn't create the todo: Please enter a title.");
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Again{Enter}');
    await screen.findByText('Sorry, there was an error.');
  });

  it('is one conversation for every tab: read as planning.md, each message still naming its tab', async () => {
    serve((req) => {
      if (req.path === '/ai_chat/conversation') return { body: { success: true, conversation_id: 1, messages: history.slice(0, 2) } };
      if (req.path === '/ai_chat/send_message') return { body: { success: true, message: 'Sure.' } };
      return undefined;
    });
    const props = { todos: [], milestones: [], refresh: async () => {} };
    const view = render(<PlanningChat tab="all_todos" {...props} />);
    await screen.findByText('turn 1');
    view.rerender(<PlanningChat tab="milestones_view" {...props} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message' }), 'And the milestone?{Enter}');
    await screen.findByText('Sure.');
    expect(screen.getByText('turn 1')).toBeTruthy();
    expect(fake.find('GET', '/ai_chat/conversation').map((r) => Object.fromEntries(r.query))).toEqual([
      { folder: 'planning', file_name: 'planning.md' },
    ]);
    const sent = fake.find('POST', '/ai_chat/send_message')[0]!.body!;
    expect(sent).toMatchObject({ folder: 'planning', file_name: 'milestones.md' });
    expect(sent.conversation_history).toEqual(history.slice(0, 2));
  });

  it('a message forwarded by the placeholder goes once the stored conversation is there, with it', async () => {
    let answer!: () => void;
    const synced = new Promise<void>((resolve) => (answer = resolve));
    serve(async (req) => {
      if (req.path === '/ai_chat/conversation') {
        await synced;
        return { body: { success: true, conversation_id: 1, messages: history.slice(0, 2) } };
      }
      if (req.path === '/ai_chat/send_message') return { body: { success: true, message: 'Sure.' } };
      return undefined;
    });
    render(
      <PlanningChat
        tab="all_todos"
        todos={[]}
        milestones={[]}
        refresh={async () => {}}
        start={{ draft: '', send: 'Move it to Friday', focus: true }}
      />,
    );
    await screen.findByText('Move it to Friday');
    expect(fake.find('POST', '/ai_chat/send_message')).toHaveLength(0);
    answer();
    await screen.findByText('Sure.');
    expect(fake.find('POST', '/ai_chat/send_message')[0]!.body!.conversation_history).toEqual(history.slice(0, 2));
    expect(screen.getByRole('log').textContent).toContain('turn 1');
  });

  it('keeps the result line with the conversation, and a reload shows it with no action JSON, at once', async () => {
    serve((req) => {
      if (req.path === '/ai_chat/send_message') return { body: { success: true, message: ACTION_REPLY } };
      if (req.path === '/planning/chat_create_todo')
        return {
          status: 201,
          body: { success: true, errors: [], message: 'x', todo: todo({ title: 'Call Sam', due_date: '2026-03-02' }) },
        };
      if (req.path === '/ai_chat/append_message') return { body: { success: true, conversation_id: 1 } };
      return undefined;
    });
    const first = render(<PlanningChat tab="all_todos" todos={[]} milestones={[]} refresh={async () => {}} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message' }), 'Remind me to call Sam{Enter}');
    const line = `Created the todo "Call Sam", due ${formatDayInWords('2026-03-02')}.`;
    await screen.findByText(line);
    await waitFor(() => expect(fake.find('POST', '/ai_chat/append_message')).toHaveLength(1));
    expect(fake.find('POST', '/ai_chat/append_message')[0]!.body).toEqual({ folder: 'planning', file_name: 'planning.md', content: line });
    first.unmount();
    fake.uninstall();

    // The reload: the server holds the exchange and the line, as the local copy does.
    const stored = [
      { role: 'user', content: 'Remind me to call Sam' },
      { role: 'assistant', content: ACTION_REPLY },
      { role: 'assistant', content: line },
    ];
    serve((req) => (req.path === '/ai_chat/conversation' ? { body: { success: true, conversation_id: 1, messages: stored } } : undefined));
    render(<PlanningChat tab="upcoming" todos={[]} milestones={[]} refresh={async () => {}} />);
    const log = screen.getByRole('log');
    // Before the server answers: the local copy, its reply without the JSON.
    expect(log.textContent).toContain(line);
    expect(log.textContent).toContain("I'll add it.");
    expect(log.textContent).not.toContain('"action"');
    const before = log.textContent;
    await waitFor(() => expect(fake.find('GET', '/ai_chat/conversation')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('log').textContent).toBe(before);
    // Nothing ran again on reload.
    expect(fake.find('POST', '/planning/chat_create_todo')).toHaveLength(0);
  });
});
