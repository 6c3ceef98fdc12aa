/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatPanel } from './ChatPanel';
import { ERROR_LINE, fake, JOURNAL, lines, log, renderChat, sendButton, setUpChatPanelTests, started, textbox } from './testing';

// Composing a message, the modes, the error line and the provider note.

setUpChatPanelTests();

describe('ChatPanel: composing', () => {
  it('sends on Enter, inserts a newline on Shift+Enter, and shows the reply', async () => {
    const user = userEvent.setup();
    renderChat();
    await started();
    await user.type(textbox(), 'Hello');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.type(textbox(), 'World');
    expect(textbox()).toHaveProperty('value', 'Hello\nWorld');
    expect(fake.sent()).toHaveLength(0);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(textbox()).toHaveProperty('value', '');
    const [request] = fake.sent();
    expect(request?.body).toEqual({
      message: 'Hello\nWorld',
      file_content: '',
      file_name: '2025-03-04.md',
      folder: 'journal',
      mode: 'agent',
      conversation_history: [],
    });
    expect(request?.headers['x-csrf-token']).toBe('token-123');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('text/event-stream');
    expect(lines().slice(1)).toEqual(['user: Hello\nWorld', 'assistant: You said: HelloWorld']);
    // A single newline is a line break in the answer too (marked `breaks`).
    expect(log().querySelectorAll('.cc-chat-msg--assistant br')).toHaveLength(1);
  });

  it('trims the message and never sends an empty or blank one', async () => {
    const user = userEvent.setup();
    renderChat();
    await started();
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.type(textbox(), '   ');
    await user.keyboard('{Enter}');
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.type(textbox(), '  hi  {Enter}');
    await waitFor(() => expect(fake.sent()).toHaveLength(1));
    expect(fake.sent()[0]?.body?.message).toBe('hi');
  });

  it('disables send while waiting for a reply and while the parent runs a file update', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    fake.replies.push({
      kind: 'hold',
      until: new Promise((r) => (release = () => r({ kind: 'json', body: { success: true, message: 'Done.' } }))),
    });
    const { rerender } = renderChat();
    await started();
    await user.type(textbox(), 'first{Enter}');
    expect(await screen.findByTestId('chat-typing')).toBeTruthy();
    await user.type(textbox(), 'second');
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(fake.sent()).toHaveLength(1);
    expect(textbox()).toHaveProperty('value', 'second');
    expect(log().getAttribute('aria-busy')).toBe('true');

    await act(async () => release());
    await screen.findByText('Done.');
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    expect(sendButton()).toHaveProperty('disabled', false);

    rerender(<ChatPanel conversation={JOURNAL} updating />);
    expect(screen.getByTestId('chat-updating').textContent).toContain('Updating your file…');
    expect(sendButton()).toHaveProperty('disabled', true);
    expect(textbox()).toHaveProperty('disabled', true);
  });

  it('can disable the input while sending (onboarding chat)', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    fake.replies.push({
      kind: 'hold',
      until: new Promise((r) => (release = () => r({ kind: 'json', body: { success: true, message: 'ok' } }))),
    });
    renderChat({ disableInputWhileSending: true });
    await started();
    await user.type(textbox(), 'hi{Enter}');
    await waitFor(() => expect(textbox()).toHaveProperty('disabled', true));
    await act(async () => release());
    await waitFor(() => expect(textbox()).toHaveProperty('disabled', false));
  });

  it('grows the textarea with its content from 40 px to 120 px, then scrolls', async () => {
    renderChat();
    await started();
    const area = textbox() as HTMLTextAreaElement;
    let contentHeight = 10;
    Object.defineProperty(area, 'scrollHeight', { configurable: true, get: () => contentHeight });

    fireEvent.change(area, { target: { value: 'a' } });
    expect(area.style.height).toBe('40px');
    expect(area.style.overflowY).toBe('hidden');

    contentHeight = 80;
    fireEvent.change(area, { target: { value: 'a\nb\nc' } });
    expect(area.style.height).toBe('80px');

    contentHeight = 300;
    fireEvent.change(area, { target: { value: 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj' } });
    expect(area.style.height).toBe('120px');
    expect(area.style.overflowY).toBe('auto');
  });
});

describe('ChatPanel: modes, errors, provider', () => {
  it('starts in agent mode and shows the mode texts; ask mode is sent', async () => {
    const user = userEvent.setup();
    renderChat();
    await started();
    expect(screen.getByTestId('chat-mode-text').textContent).toBe("Agent mode: I'll help edit your files");
    expect(screen.getByRole('button', { name: 'Agent' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByTestId('chat-mode-text').textContent).toBe("Ask mode: I'll just chat, no file editing");
    expect(screen.getByRole('button', { name: 'Ask' }).getAttribute('aria-pressed')).toBe('true');
    await user.type(textbox(), 'question{Enter}');
    await waitFor(() => expect(fake.sent()[0]?.body?.mode).toBe('ask'));
  });

  it('shows the error line when the reply fails (success false or network error)', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.replies.push({ kind: 'json', body: { success: false, error: 'model down' } }, { kind: 'network' });
    renderChat();
    await started();
    await user.type(textbox(), 'one{Enter}');
    await screen.findByText(ERROR_LINE);
    await user.type(textbox(), 'two{Enter}');
    await waitFor(() => expect(screen.getAllByText(ERROR_LINE)).toHaveLength(2));
    // Error lines, and the messages whose reply failed, are shown, not kept in the conversation
    // that is sent or stored (the server did not store them either).
    await user.type(textbox(), 'three{Enter}');
    await screen.findByText('You said: three');
    expect(screen.getByText('one')).toBeTruthy();
    expect(fake.sent()[2]?.body?.conversation_history).toEqual([]);
  });

  it('uses the caller’s error text (planning)', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.replies.push({ kind: 'sse', events: [['error', { success: false, error: 'nope' }]] });
    renderChat({ errorText: 'Sorry, there was an error.' });
    await started();
    await user.type(textbox(), 'plan my week{Enter}');
    await screen.findByText('Sorry, there was an error.');
  });

  it('can word the error line from the error (meeting chat)', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.replies.push({ kind: 'network' }, { kind: 'json', body: { success: false, error: 'Too many requests' } });
    renderChat({
      errorText: (error) =>
        (error as { status?: number }).status === 0
          ? 'Network error. Please try again.'
          : (error as Error).message || 'Sorry, I had trouble responding.',
    });
    await started();
    await user.type(textbox(), 'a{Enter}');
    await screen.findByText('Network error. Please try again.');
    await user.type(textbox(), 'b{Enter}');
    await screen.findByText('Too many requests');
  });

  it('says when answers come from the offline coach, and how to connect a model', async () => {
    fake.status = { success: true, provider: 'offline', model: 'offline-coach', hint: 'Set AI_BASE_URL to use a model.' };
    renderChat();
    const note = await screen.findByTestId('chat-offline-note');
    expect(note.textContent).toContain('built-in offline coach');
    expect(note.textContent).toContain('Set AI_BASE_URL to use a model.');
  });

  it('shows no offline note when a model is connected', async () => {
    renderChat();
    await started();
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/ai_chat/status')).toBe(true));
    await act(async () => undefined);
    expect(screen.queryByTestId('chat-offline-note')).toBeNull();
  });
});
