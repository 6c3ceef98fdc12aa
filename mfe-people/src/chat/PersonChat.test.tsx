/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpSignedInPage } from '@cc/ui/testing/page';
import { installFakeApi, type FakeHandler } from '@cc/ui/testing/fake-api';
import PersonChat from './PersonChat';

let fake: ReturnType<typeof installFakeApi>;
const serve = (handler: FakeHandler) => (fake = installFakeApi(handler));

setUpSignedInPage({ fake: () => fake });

const panel = () => screen.getByTestId('chat-panel');
const box = () => screen.getByRole('textbox', { name: 'Message' });

describe('the person chat', () => {
  it('greets once the conversation is synced, sends in ask mode with person_id, Enter sends and Shift+Enter does not', async () => {
    serve((req) =>
      req.path === '/ai_chat/send_message' ? { body: { success: true, message: 'Ask about her priorities first.' } } : undefined,
    );
    render(<PersonChat personId={4} name="Ada Lovelace" />);
    await screen.findByText('How can I help you think about this person today?');
    expect(panel().getAttribute('data-active')).toBe('true');
    expect(fake.find('GET', '/ai_chat/conversation')[0]!.query.get('person_id')).toBe('4');

    const u = userEvent.setup();
    await u.type(box(), 'How do I open the budget talk?{Shift>}{Enter}{/Shift}Gently');
    expect(fake.find('POST', '/ai_chat/send_message')).toHaveLength(0);
    await u.type(box(), '{Enter}');
    await screen.findByText('Ask about her priorities first.');
    const sent = fake.find('POST', '/ai_chat/send_message')[0]!.body!;
    expect(sent).toMatchObject({ message: 'How do I open the budget talk?\nGently', mode: 'ask', person_id: 4, conversation_history: [] });
  });

  it('shows the history the server keeps for this person', async () => {
    serve((req) =>
      req.path === '/ai_chat/conversation'
        ? { body: { success: true, conversation_id: 3, messages: [{ role: 'user', content: 'She prefers written updates.' }] } }
        : undefined,
    );
    render(<PersonChat personId={4} name="Ada Lovelace" />);
    await screen.findByText('She prefers written updates.');
    expect(screen.queryByText('How can I help you think about this person today?')).toBeNull();
  });

  it("clears: 'Chat cleared for this person. How would you like to proceed?', on the server too", async () => {
    serve((req) => {
      if (req.path === '/ai_chat/conversation')
        return { body: { success: true, conversation_id: 3, messages: [{ role: 'user', content: 'An old thought.' }] } };
      if (req.path === '/ai_chat/clear_conversation') return { body: { success: true } };
      return undefined;
    });
    render(<PersonChat personId={4} name="Ada Lovelace" />);
    await screen.findByText('An old thought.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear chat' }));
    await screen.findByText('Chat cleared for this person. How would you like to proceed?');
    expect(screen.queryByText('An old thought.')).toBeNull();
    await waitFor(() => expect(fake.find('POST', '/ai_chat/clear_conversation').map((c) => c.body)).toEqual([{ person_id: 4 }]));
  });

  it('answers a failed reply with the spec’s error text', async () => {
    serve((req) => (req.path === '/ai_chat/send_message' ? { status: 500, body: { success: false, errors: ['boom'] } } : undefined));
    render(<PersonChat personId={4} name="Ada Lovelace" />);
    await screen.findByText('How can I help you think about this person today?');
    await userEvent.setup().type(box(), 'Hello{Enter}');
    await screen.findByText('Sorry, I encountered an error. Please try again.');
  });
});
