/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reply } from '../testing/fakeChatApi';
import { ERROR_LINE, fake, JOURNAL_STORAGE, lines as shownLines, log, renderChat, setUpChatPanelTests, started, textbox } from './testing';

// Issue 9: a failed message can be sent again, and the offline coach is one line that opens its details.

setUpChatPanelTests();
const lines = () => shownLines('kind');

describe('ChatPanel: retrying a failed message', () => {
  it('Retry on the failed message sends it again; once answered it is part of the conversation', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.replies.push({ kind: 'network' });
    const onRequestUpdate = jest.fn();
    renderChat({ onRequestUpdate });
    await started();
    await user.type(textbox(), 'I led the billing migration.{Enter}');
    await screen.findByText(ERROR_LINE);
    expect(lines().slice(1)).toEqual(['failed: I led the billing migration.', `error: ${ERROR_LINE}`]);

    // Only the failed message has a Retry button.
    const failed = screen.getByText('I led the billing migration.').closest('.cc-chat-msg') as HTMLElement;
    expect(within(failed).getByText('Not sent.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);

    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByText('You said: I led the billing migration.');
    // The failed line and its error line made way for the message and its answer.
    expect(lines().slice(1)).toEqual(['user: I led the billing migration.', 'assistant: You said: I led the billing migration.']);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    const sent = fake.sent();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body?.message).toBe('I led the billing migration.');
    expect(sent[1]?.body?.conversation_history).toEqual([]);
    const conversation = [
      { role: 'user', content: 'I led the billing migration.' },
      { role: 'assistant', content: 'You said: I led the billing migration.' },
    ];
    expect(JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null').conversationHistory).toEqual(conversation);
    await user.click(screen.getByRole('button', { name: 'Update file' }));
    expect(onRequestUpdate).toHaveBeenLastCalledWith(undefined, undefined, conversation);
  });

  it('a retry that fails again leaves one failed line and one error line, and can be retried', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.replies.push({ kind: 'network' }, { kind: 'json', status: 502, body: { success: false, error: 'model down' } });
    renderChat();
    await started();
    await user.type(textbox(), 'one{Enter}');
    await screen.findByText(ERROR_LINE);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.sent()).toHaveLength(2));
    await screen.findByRole('button', { name: 'Retry' });
    expect(lines().slice(1)).toEqual(['failed: one', `error: ${ERROR_LINE}`]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('You said: one');
    expect(lines().slice(1)).toEqual(['user: one', 'assistant: You said: one']);
  });

  it('Retry waits while a reply is on its way', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let release: (reply: Reply) => void = () => undefined;
    fake.replies.push({ kind: 'network' }, { kind: 'hold', until: new Promise<Reply>((resolve) => (release = resolve)) });
    renderChat();
    await started();
    await user.type(textbox(), 'one{Enter}');
    await screen.findByText(ERROR_LINE);
    await user.type(textbox(), 'two{Enter}');
    await waitFor(() => expect(fake.sent()).toHaveLength(2));
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release({ kind: 'json', body: { success: true, message: 'Noted two.' } }));
    await screen.findByText('Noted two.');
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('ChatPanel: the offline coach line', () => {
  it('is one line, "Offline coach · connect a model", that opens and closes the details', async () => {
    const user = userEvent.setup();
    fake.status = { success: true, provider: 'offline', model: 'offline-coach', hint: 'Set AI_BASE_URL to use a model.' };
    renderChat();
    const note = (await screen.findByTestId('chat-offline-note')) as HTMLDetailsElement;
    expect(note.tagName).toBe('DETAILS');
    const summary = note.querySelector('summary')!;
    expect(summary.textContent).toBe('Offline coach · connect a model');
    expect(note.open).toBe(false);
    // The details are outside the log: the messages keep their room.
    expect(log().contains(note)).toBe(false);

    await user.click(summary);
    expect(note.open).toBe(true);
    const details = note.querySelector('.cc-chat-offline-details')!;
    expect(details.textContent).toContain('built-in offline coach');
    expect(details.textContent).toContain('Set AI_BASE_URL to use a model.');

    await user.keyboard('{Escape}');
    expect(note.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });
});
