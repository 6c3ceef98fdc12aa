/** @jest-environment jsdom */
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetChatStatusCache } from '@cc/ui';
import { forgetStorageAccount, setStorageAccount, writeStored } from '@cc/ui/storage';
import { installFakeApi } from '../testing/fakeApi';
import { ChatLauncher } from './ChatLauncher';

let fake: ReturnType<typeof installFakeApi>;
beforeEach(() => {
  localStorage.clear();
  setStorageAccount('7');
  resetChatStatusCache();
  fake = installFakeApi((req) => (req.path === '/ai_chat/send_message' ? { body: { success: true, message: 'Noted.' } } : undefined));
});
afterEach(() => {
  fake.uninstall();
  forgetStorageAccount();
});

// The panel's code is imported when reached for: the first import compiles the chat's module
// graph, which takes more than the default second on a busy machine (it is a load, not a delay
// the product promises).
const LOADED = { timeout: 15_000 };

it('shows the greeting at once, loads the chat when reached for, and sends what was typed meanwhile', async () => {
  render(<ChatLauncher tab="all_todos" todos={[]} milestones={[]} refresh={async () => {}} />);
  expect(screen.getByTestId('chat-launcher').textContent).toContain('What do you need to get done?');
  expect(fake.calls).toHaveLength(0);
  // Typed and sent before the panel's code is there: kept, then sent once it is.
  const box = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Plan my week' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  fireEvent.change(box, { target: { value: 'and then' } });
  fireEvent.pointerEnter(screen.getByTestId('chat-launcher'));
  await screen.findByText('Noted.', undefined, LOADED);
  expect(screen.getByTestId('chat-panel')).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'and then');
  await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message' }), '{Enter}');
  await waitFor(() => expect(fake.find('POST', '/ai_chat/send_message')).toHaveLength(2));
  expect(fake.find('POST', '/ai_chat/send_message').map((r) => r.body!.message)).toEqual(['Plan my week', 'and then']);
});

it('with a kept conversation, loads the panel at once and shows it, not the greeting first', async () => {
  writeStored('chat:planning/planning.md', {
    conversationHistory: [
      { role: 'user', content: 'Earlier question' },
      { role: 'assistant', content: 'Earlier answer' },
    ],
  });
  render(<ChatLauncher tab="action_plan" todos={[]} milestones={[]} refresh={async () => {}} />);
  expect(screen.queryByText(/Tell me what this week should move forward/)).toBeNull();
  expect(await screen.findByText('Earlier answer', undefined, LOADED)).toBeTruthy();
});
