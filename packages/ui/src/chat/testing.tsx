/**
 * What every ChatPanel test starts from: a signed-in page (storage account 42, a CSRF token in
 * the head) with svc-chat faked at the fetch boundary, and ways to read the panel as a user does.
 */
import { afterEach, beforeEach, expect, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { FakeChatApi } from '../testing/fakeChatApi';
import { forgetStorageAccount, setStorageAccount } from '../storage';
import { resetChatStatusCache } from './api';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';

export const JOURNAL = { folder: 'journal', fileName: '2025-03-04.md' };
export const JOURNAL_QUERY = 'folder=journal&file_name=2025-03-04.md';
export const JOURNAL_STORAGE = 'chat:journal/2025-03-04.md';
export const ERROR_LINE = 'Sorry, I encountered an error. Please try again.';

/** The fake svc-chat of the running test (a live binding: a new one for each test). */
export let fake: FakeChatApi;

/** Call once at the top of a test file: each test gets a fresh page and a fresh fake. */
export function setUpChatPanelTests(): void {
  beforeEach(() => {
    localStorage.clear();
    setStorageAccount('42');
    resetChatStatusCache();
    document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
    fake = new FakeChatApi().install();
  });

  afterEach(() => {
    forgetStorageAccount();
    fake.uninstall();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}

export const renderChat = (props: Partial<ChatPanelProps> = {}) => render(<ChatPanel conversation={JOURNAL} {...props} />);

export const textbox = () => screen.getByRole('textbox', { name: 'Message' });
export const sendButton = () => screen.getByRole('button', { name: 'Send' });
export const log = () => screen.getByRole('log');

/**
 * The conversation's lines as shown, greetings included: `role: text`, or with `'kind'` the
 * kind of line where it has one (`failed: …`, `error: …`).
 */
export const lines = (label: 'role' | 'kind' = 'role') =>
  Array.from(log().querySelectorAll('.cc-chat-msg')).map((el) => {
    const tag = (label === 'kind' ? el.getAttribute('data-kind') : null) ?? el.getAttribute('data-role');
    return `${tag}: ${(el.querySelector('.cc-chat-text')?.textContent ?? '').trim()}`;
  });

/** Lets pending answers (status, sync) land inside act. */
export async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Waits for the start-up calls (status, conversation sync) to be answered. */
export async function started() {
  await waitFor(() => expect(fake.requests.some((r) => r.path === '/ai_chat/conversation')).toBe(true));
  await settle();
}
