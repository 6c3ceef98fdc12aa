/** @jest-environment jsdom */
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeChatApi } from '../testing/fakeChatApi';
import { resetChatStatusCache } from './api';
import { ChatPanel } from './ChatPanel';
import { forgetStorageAccount, setStorageAccount } from '../storage';

// The two hooks the planning chat needs: each new reply (to run the action it embeds) and what
// an assistant message shows (the action's JSON left out).

let fake: FakeChatApi;

beforeEach(() => {
  localStorage.clear();
  setStorageAccount('42');
  resetChatStatusCache();
  fake = new FakeChatApi().install();
});

afterEach(() => {
  forgetStorageAccount();
  fake.uninstall();
});

it('gives each new reply to onReply once, and shows assistant messages through displayText', async () => {
  const user = userEvent.setup();
  fake.conversations.set('folder=planning&file_name=all_todos.md', [
    { role: 'user', content: 'earlier' },
    { role: 'assistant', content: 'Stored reply {"action":"x"}' },
  ]);
  fake.replies.push({ kind: 'json', body: { success: true, message: 'Done. {"action":"create_todo"}' } });
  const replies: string[] = [];
  render(
    <ChatPanel
      conversation={{ folder: 'planning', fileName: 'all_todos.md' }}
      stream={false}
      onReply={(reply) => {
        replies.push(reply);
      }}
      displayText={(text) => text.replace(/\s*\{.*\}\s*$/, '')}
    />,
  );
  await waitFor(() => expect(screen.getByText('Stored reply')).toBeTruthy());
  expect(replies).toEqual([]);

  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Add a todo{Enter}');
  await waitFor(() => expect(screen.getByText('Done.')).toBeTruthy());
  await act(async () => {});
  expect(replies).toEqual(['Done. {"action":"create_todo"}']);
  expect(screen.getByRole('log').textContent).not.toContain('"action"');
});

it('starts with initialInput in the message box', async () => {
  render(<ChatPanel conversation={{ folder: 'planning', fileName: 'done.md' }} initialInput="Typed while it loaded" />);
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'Typed while it loaded');
  await act(async () => {});
});
