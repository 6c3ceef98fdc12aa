/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetStorageAccount, setStorageAccount } from '../storage';
import { ChatPanel } from './ChatPanel';
import { fake, JOURNAL_QUERY, JOURNAL_STORAGE, lines, renderChat, setUpChatPanelTests, settle, started, textbox } from './testing';

// Where a conversation is kept (the browser, the server) and clearing it.

setUpChatPanelTests();

describe('ChatPanel: persistence and sync', () => {
  it('keeps the conversation under chat:{folder/file} and restores it after a remount', async () => {
    const user = userEvent.setup();
    const first = renderChat();
    await started();
    await user.type(textbox(), 'remember me{Enter}');
    await screen.findByText('You said: remember me');
    expect(JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null')).toEqual({
      conversationHistory: [
        { role: 'user', content: 'remember me' },
        { role: 'assistant', content: 'You said: remember me' },
      ],
    });
    first.unmount();

    renderChat();
    expect(lines()).toEqual(['user: remember me', 'assistant: You said: remember me']);
    await started();
    expect(lines()).toEqual(['user: remember me', 'assistant: You said: remember me']);
  });

  it('greets with a context-aware line when the history is empty', async () => {
    renderChat({ greeting: 'Let’s reflect on today.' });
    expect(lines()).toEqual(['assistant: Let’s reflect on today.']);
    const other = render(<ChatPanel conversation={{ folder: 'career-goals', fileName: 'five-years.md' }} />);
    expect(within(other.container).getByRole('log').textContent).toContain('five-years');
    await settle();
  });

  it('replaces the local copy when the server has messages', async () => {
    localStorage.setItem(JOURNAL_STORAGE, JSON.stringify({ conversationHistory: [{ role: 'user', content: 'local only' }] }));
    fake.conversations.set(JOURNAL_QUERY, [
      { role: 'user', content: 'from the server' },
      { role: 'assistant', content: 'server answer' },
    ]);
    renderChat();
    expect(lines()).toEqual(['user: local only']);
    await waitFor(() => expect(lines()).toEqual(['user: from the server', 'assistant: server answer']));
    expect(JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null').conversationHistory).toHaveLength(2);
  });

  it('keeps the local copy when the server has none', async () => {
    localStorage.setItem(JOURNAL_STORAGE, JSON.stringify({ conversationHistory: [{ role: 'user', content: 'local only' }] }));
    renderChat();
    await started();
    expect(lines()).toEqual(['user: local only']);
  });

  it('an empty server conversation replaces a local copy of unknown owner', async () => {
    forgetStorageAccount();
    localStorage.setItem(JOURNAL_STORAGE, JSON.stringify({ conversationHistory: [{ role: 'user', content: 'whose is this?' }] }));
    renderChat({ greeting: 'Hi' });
    await started();
    expect(lines()).toEqual(['assistant: Hi']);
    expect(localStorage.getItem(JOURNAL_STORAGE)).toBeNull();
  });

  it('shows nothing of the account that used the browser before', async () => {
    setStorageAccount('1');
    localStorage.setItem(JOURNAL_STORAGE, JSON.stringify({ conversationHistory: [{ role: 'user', content: 'account 1 wrote this' }] }));
    setStorageAccount('2');
    renderChat({ greeting: 'Hi' });
    expect(lines()).toEqual(['assistant: Hi']);
    await started();
    expect(lines()).toEqual(['assistant: Hi']);
  });

  it('keeps the local chat and only warns when the sync fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(JOURNAL_STORAGE, JSON.stringify({ conversationHistory: [{ role: 'assistant', content: 'kept locally' }] }));
    fake.conversationFails = true;
    renderChat();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/sync/);
    expect(lines()).toEqual(['assistant: kept locally']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('switches conversations when the key changes', async () => {
    localStorage.setItem(
      'chat:journal/2025-03-05.md',
      JSON.stringify({ conversationHistory: [{ role: 'user', content: 'the next day' }] }),
    );
    const { rerender } = renderChat({ greeting: 'Hi' });
    await started();
    expect(lines()).toEqual(['assistant: Hi']);
    rerender(<ChatPanel conversation={{ folder: 'journal', fileName: '2025-03-05.md' }} greeting="Hi" />);
    expect(lines()).toEqual(['user: the next day']);
    await waitFor(() => expect(fake.requests.some((r) => r.query.file_name === '2025-03-05.md')).toBe(true));
  });

  it('asks by file id when it has one, and trims the history it sends', async () => {
    const user = userEvent.setup();
    const history = Array.from({ length: 9 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }) as const);
    localStorage.setItem('chat:planning/all_todos.md', JSON.stringify({ conversationHistory: history }));
    render(<ChatPanel conversation={{ folder: 'planning', fileName: 'all_todos.md', fileId: 12 }} historyLimit={6} />);
    await started();
    expect(fake.requests.find((r) => r.path === '/ai_chat/conversation')?.query).toEqual({ file_id: '12' });
    await user.type(textbox(), 'next{Enter}');
    await waitFor(() => expect(fake.sent()).toHaveLength(1));
    const body = fake.sent()[0]?.body;
    expect(body?.file_id).toBe(12);
    expect((body?.conversation_history as unknown[]).length).toBe(6);
    expect(body?.conversation_history).toEqual(history.slice(3));
  });

  it('lets the caller build the payload (file content and more)', async () => {
    const user = userEvent.setup();
    renderChat({ buildPayload: (base) => ({ ...base, file_content: '# Today' }) });
    await started();
    await user.type(textbox(), 'x{Enter}');
    await waitFor(() => expect(fake.sent()[0]?.body?.file_content).toBe('# Today'));
  });
});

describe('ChatPanel: clear', () => {
  it('clears locally and on the server; the banner disappears after exactly 3 s', async () => {
    jest.useFakeTimers();
    localStorage.setItem(JOURNAL_STORAGE, JSON.stringify({ conversationHistory: [{ role: 'user', content: 'old' }] }));
    renderChat({ greeting: 'Fresh start.' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear chat' }));
    expect(screen.getByRole('status').textContent).toBe('Chat cleared.');
    expect(lines()).toEqual(['assistant: Fresh start.']);
    expect(localStorage.getItem(JOURNAL_STORAGE)).toBeNull();
    const clearCall = fake.requests.find((r) => r.path === '/ai_chat/clear_conversation');
    expect(clearCall?.body).toEqual({ folder: 'journal', file_name: '2025-03-04.md' });
    expect(clearCall?.headers['x-csrf-token']).toBe('token-123');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(2999);
    });
    expect(screen.queryByTestId('chat-cleared-banner')).not.toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByTestId('chat-cleared-banner')).toBeNull();
  });

  it('clears locally even when the server fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.clearFails = true;
    localStorage.setItem(JOURNAL_STORAGE, JSON.stringify({ conversationHistory: [{ role: 'user', content: 'old' }] }));
    renderChat({ greeting: 'Fresh start.' });
    await started();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear chat' }));
    expect(lines()).toEqual(['assistant: Fresh start.']);
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
