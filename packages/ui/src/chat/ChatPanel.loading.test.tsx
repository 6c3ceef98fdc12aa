/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { createRef } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatPanelHandle } from './ChatPanel';
import { fake, JOURNAL_QUERY, JOURNAL_STORAGE, lines, renderChat, setUpChatPanelTests, settle, textbox } from './testing';

// A message sent while the stored conversation is still loading (a lazily loaded chat that
// forwards what was typed before it loaded, or a send right after the chat was started).

setUpChatPanelTests();

const STORED = [
  { role: 'user', content: 'I want to plan my promotion case' },
  { role: 'assistant', content: 'What is the deadline?' },
] as const;

/** The conversation sync answers only when the test says so. */
function slowSync() {
  let release!: () => void;
  fake.conversationHold = new Promise<void>((resolve) => (release = resolve));
  return async () => {
    await act(async () => release());
    await settle();
  };
}

describe('ChatPanel: a send while the conversation loads', () => {
  it('waits for the stored conversation and sends it as the history', async () => {
    fake.conversations.set(JOURNAL_QUERY, [...STORED]);
    const release = slowSync();
    const ref = createRef<ChatPanelHandle>();
    renderChat({ ref, greeting: 'Hi' });
    await act(async () => void ref.current?.send('It is at the end of March'));

    // What the user typed shows at once; nothing goes before the conversation is there.
    expect(lines()).toContain('user: It is at the end of March');
    expect(fake.sent()).toHaveLength(0);

    await release();
    await screen.findByText('You said: It is at the end of March');
    expect(fake.sent()).toHaveLength(1);
    expect(fake.sent()[0]?.body?.conversation_history).toEqual(STORED);
    expect(lines()).toEqual([
      'user: I want to plan my promotion case',
      'assistant: What is the deadline?',
      'user: It is at the end of March',
      'assistant: You said: It is at the end of March',
    ]);
    expect(JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null').conversationHistory).toHaveLength(4);
  });

  it('a chat started on focus: the first message typed waits for the sync too', async () => {
    fake.conversations.set(JOURNAL_QUERY, [...STORED]);
    const release = slowSync();
    const ref = createRef<ChatPanelHandle>();
    renderChat({ ref, autoStart: false, greeting: 'Hi' });
    act(() => ref.current?.start());
    await userEvent.setup().type(textbox(), 'End of March{Enter}');
    expect(lines()).toEqual(['assistant: Hi', 'user: End of March']);
    expect(fake.sent()).toHaveLength(0);

    await release();
    await screen.findByText('You said: End of March');
    expect(fake.sent()[0]?.body?.conversation_history).toEqual(STORED);
  });

  it('leaves the history to the server when the sync failed and this browser has none', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.conversationFails = true;
    const release = slowSync();
    const ref = createRef<ChatPanelHandle>();
    renderChat({ ref, greeting: 'Hi' });
    await act(async () => void ref.current?.send('End of March'));
    await release();
    await screen.findByText('You said: End of March');
    // An empty list would stand for the stored conversation; without one, svc-chat reads it.
    expect(fake.sent()[0]?.body).not.toHaveProperty('conversation_history');
    expect(lines()).toEqual(['assistant: Hi', 'user: End of March', 'assistant: You said: End of March']);
  });

  it('sends the local copy when the sync failed', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(JOURNAL_STORAGE, JSON.stringify({ conversationHistory: [...STORED] }));
    fake.conversationFails = true;
    const release = slowSync();
    const ref = createRef<ChatPanelHandle>();
    renderChat({ ref });
    await act(async () => void ref.current?.send('End of March'));
    await release();
    await waitFor(() => expect(fake.sent()).toHaveLength(1));
    expect(fake.sent()[0]?.body?.conversation_history).toEqual(STORED);
  });

  it('still sends an empty history once the server said the conversation is empty', async () => {
    const release = slowSync();
    const ref = createRef<ChatPanelHandle>();
    renderChat({ ref, greeting: 'Hi' });
    await act(async () => void ref.current?.send('Hello'));
    await release();
    await screen.findByText('You said: Hello');
    expect(fake.sent()[0]?.body?.conversation_history).toEqual([]);
  });
});

describe('ChatPanel: "update the file" while the conversation loads', () => {
  it('waits for the stored conversation and updates from it', async () => {
    fake.conversations.set(JOURNAL_QUERY, [...STORED]);
    const release = slowSync();
    const onRequestUpdate = jest.fn();
    renderChat({ onRequestUpdate, greeting: 'Hi' });
    await userEvent.setup().type(textbox(), 'update the file{Enter}');
    // Not "No conversation history…": the stored conversation is still on its way.
    expect(onRequestUpdate).not.toHaveBeenCalled();
    await release();
    await waitFor(() => expect(onRequestUpdate).toHaveBeenCalledTimes(1));
    expect(onRequestUpdate.mock.calls[0]?.[2]).toEqual(STORED);
    expect(screen.queryByText('No conversation history to update the file with. Please chat first!')).toBeNull();
  });
});
