/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { ChatPanel, type ChatPanelHandle } from './ChatPanel';
import { ERROR_LINE, fake, JOURNAL, JOURNAL_STORAGE, lines, renderChat, setUpChatPanelTests, started, textbox } from './testing';

// Turning the conversation into a file update: the selection, the buttons, typed commands.

setUpChatPanelTests();

describe('ChatPanel: selection and file updates', () => {
  it('shows update doc only with a selection and passes index, role and content with the edited prompt', async () => {
    const user = userEvent.setup();
    const onRequestUpdate = jest.fn();
    renderChat({ onRequestUpdate });
    await started();
    expect(screen.queryByRole('button', { name: 'Update file' })).toBeNull();
    await user.type(textbox(), 'my story{Enter}');
    await screen.findByText('You said: my story');

    expect(screen.queryByRole('button', { name: 'Update doc' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Update file' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /Select message 2/ }));
    await user.click(screen.getByRole('button', { name: 'Update doc' }));

    const dialog = screen.getByRole('dialog');
    const prompt = within(dialog).getByRole('textbox', { name: 'Prompt' });
    expect(document.activeElement).toBe(prompt);
    await user.clear(prompt);
    await user.type(prompt, 'Add this as a new section');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(onRequestUpdate).toHaveBeenCalledTimes(1);
    expect(onRequestUpdate.mock.calls[0]).toEqual([
      [{ index: 1, role: 'assistant', content: 'You said: my story' }],
      'Add this as a new section',
      [
        { role: 'user', content: 'my story' },
        { role: 'assistant', content: 'You said: my story' },
      ],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update doc' })).toBeNull();
  });

  it('the prompt modal closes with Cancel, Close and Escape without updating', async () => {
    const user = userEvent.setup();
    const onRequestUpdate = jest.fn();
    localStorage.setItem(JOURNAL_STORAGE, JSON.stringify({ conversationHistory: [{ role: 'user', content: 'a' }] }));
    renderChat({ onRequestUpdate });
    await started();
    await user.click(screen.getByRole('checkbox', { name: /Select message 1/ }));
    for (const close of [
      () => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
      () => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
      () => user.keyboard('{Escape}'),
    ]) {
      await user.click(screen.getByRole('button', { name: 'Update doc' }));
      expect(screen.getByRole('dialog')).toBeTruthy();
      await close();
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    expect(onRequestUpdate).not.toHaveBeenCalled();
  });

  it('the update-file button asks with the whole conversation; an empty history gets the chat-first line', async () => {
    const user = userEvent.setup();
    const onRequestUpdate = jest.fn();
    const ref = createRef<ChatPanelHandle>();
    render(<ChatPanel ref={ref} conversation={JOURNAL} onRequestUpdate={onRequestUpdate} />);
    await started();
    act(() => ref.current?.requestUpdate());
    expect(await screen.findByText('No conversation history to update the file with. Please chat first!')).toBeTruthy();
    expect(onRequestUpdate).not.toHaveBeenCalled();

    await user.type(textbox(), 'hi{Enter}');
    await screen.findByText('You said: hi');
    await user.click(screen.getByRole('button', { name: 'Update file' }));
    expect(onRequestUpdate).toHaveBeenCalledWith(undefined, undefined, [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'You said: hi' },
    ]);
    act(() => ref.current?.appendMessage('assistant', "Great! I've updated your file. How does that look?"));
    expect(lines().slice(-1)).toEqual(["assistant: Great! I've updated your file. How does that look?"]);
  });

  it('a message whose reply failed is never history, a selection or stored (issue 9, defect 7)', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onRequestUpdate = jest.fn();
    fake.replies.push({ kind: 'network' });
    renderChat({ onRequestUpdate });
    await started();
    await user.type(textbox(), 'I led the migration of billing to Postgres.{Enter}');
    await screen.findByText(ERROR_LINE);
    await user.type(textbox(), 'We cut costs by 40%.{Enter}');
    await screen.findByText('You said: We cut costs by 40%.');
    // Still shown, marked as failed, with no checkbox to select it.
    const failed = screen.getByText('I led the migration of billing to Postgres.').closest('.cc-chat-msg')!;
    expect(failed.getAttribute('data-kind')).toBe('failed');
    expect(within(failed as HTMLElement).queryByRole('checkbox')).toBeNull();
    const conversation = [
      { role: 'user', content: 'We cut costs by 40%.' },
      { role: 'assistant', content: 'You said: We cut costs by 40%.' },
    ];
    expect(JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null').conversationHistory).toEqual(conversation);

    await user.click(screen.getByRole('button', { name: 'Update file' }));
    expect(onRequestUpdate).toHaveBeenLastCalledWith(undefined, undefined, conversation);

    // Selection indices count conversation messages only: the first checkbox is the next message.
    await user.click(screen.getByRole('checkbox', { name: /Select message 1/ }));
    await user.click(screen.getByRole('button', { name: 'Update doc' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    const [selected] = onRequestUpdate.mock.calls.at(-1) as [{ content: string }[]];
    expect(selected.map((m) => m.content)).toEqual(['We cut costs by 40%.']);
  });

  it('typing "update the file" in agent mode does what the Update file button does (issue 9, defect 6)', async () => {
    const user = userEvent.setup();
    const onRequestUpdate = jest.fn();
    renderChat({ onRequestUpdate });
    await started();
    await user.type(textbox(), 'I want a promotion this year.{Enter}');
    await screen.findByText('You said: I want a promotion this year.');
    const conversation = [
      { role: 'user', content: 'I want a promotion this year.' },
      { role: 'assistant', content: 'You said: I want a promotion this year.' },
    ];
    for (const typed of ['update the file', 'Update the file.', '"update the file"']) {
      onRequestUpdate.mockClear();
      await user.type(textbox(), `${typed}{Enter}`);
      expect(onRequestUpdate).toHaveBeenCalledWith(undefined, undefined, conversation);
      expect((textbox() as HTMLTextAreaElement).value).toBe('');
    }
    // Not sent as a chat message, and not part of the conversation.
    expect(fake.sent()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null').conversationHistory).toEqual(conversation);

    // A sentence that only mentions it is an ordinary message; in Ask mode the words are sent too.
    onRequestUpdate.mockClear();
    await user.type(textbox(), 'Should I update the file later?{Enter}');
    await screen.findByText('You said: Should I update the file later?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.type(textbox(), 'update the file{Enter}');
    await screen.findByText('You said: update the file');
    expect(onRequestUpdate).not.toHaveBeenCalled();
  });

  it('requests an update automatically once the conversation is long enough (opt-in)', async () => {
    const user = userEvent.setup();
    const onRequestUpdate = jest.fn();
    renderChat({ onRequestUpdate, autoUpdate: true, minConversationLength: 4 });
    await started();
    await user.type(textbox(), 'one{Enter}');
    await screen.findByText('You said: one');
    expect(onRequestUpdate).not.toHaveBeenCalled();
    await user.type(textbox(), 'two{Enter}');
    await screen.findByText('You said: two');
    expect(onRequestUpdate).toHaveBeenCalledTimes(1);
  });
});
