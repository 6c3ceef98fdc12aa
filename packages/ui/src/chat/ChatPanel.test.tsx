/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { ControlledStream, FakeChatApi } from '../testing/fakeChatApi';
import { resetChatStatusCache } from './api';
import { ChatPanel, type ChatPanelHandle, type ChatPanelProps } from './ChatPanel';
import { forgetStorageAccount, setStorageAccount } from '../storage';

const JOURNAL = { folder: 'journal', fileName: '2025-03-04.md' };
const JOURNAL_QUERY = 'folder=journal&file_name=2025-03-04.md';
const JOURNAL_STORAGE = 'chat:journal/2025-03-04.md';

let fake: FakeChatApi;

beforeEach(() => {
  localStorage.clear();
  // A signed-in page: the shell told the storage layer whose values these are.
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

function renderChat(props: Partial<ChatPanelProps> = {}) {
  return render(<ChatPanel conversation={JOURNAL} {...props} />);
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const log = () => screen.getByRole('log');
/** The conversation's lines as shown, greetings included. */
const lines = () =>
  Array.from(log().querySelectorAll('.cc-chat-msg')).map(
    (el) => `${el.getAttribute('data-role')}: ${(el.querySelector('.cc-chat-text')?.textContent ?? '').trim()}`,
  );

/** Waits for the start-up calls (status, conversation sync) to be answered. */
async function started() {
  await waitFor(() => expect(fake.requests.some((r) => r.path === '/ai_chat/conversation')).toBe(true));
  await settle();
}

/** Lets pending answers (status, sync) land inside act. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

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
    await screen.findByText('Sorry, I encountered an error. Please try again.');
    await user.type(textbox(), 'two{Enter}');
    await waitFor(() => expect(screen.getAllByText('Sorry, I encountered an error. Please try again.')).toHaveLength(2));
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

describe('ChatPanel: streaming', () => {
  it('shows streamed tokens as they arrive, then the final message', async () => {
    const user = userEvent.setup();
    const stream = new ControlledStream();
    fake.replies.push({ kind: 'stream', stream });
    renderChat();
    await started();
    await user.type(textbox(), 'tell me{Enter}');
    expect(await screen.findByTestId('chat-typing')).toBeTruthy();

    await act(async () => stream.token('Hel'));
    await waitFor(() => expect(log().querySelector('[data-streaming="true"]')?.textContent).toContain('Hel'));
    expect(screen.queryByTestId('chat-typing')).toBeNull();

    await act(async () => stream.pushRaw('event: token\ndata: {"text":"lo **wor'));
    await act(async () => stream.pushRaw('ld**"}\n\n'));
    await waitFor(() => expect(log().querySelector('[data-streaming="true"] strong')?.textContent).toBe('world'));
    expect(log().querySelector('[data-streaming="true"]')?.textContent).toContain('Hello world');

    await act(async () => stream.push('done', { success: true, message: 'Hello **world**!' }));
    await waitFor(() => expect(log().querySelector('[data-streaming="true"]')).toBeNull());
    expect(lines().slice(-1)).toEqual(['assistant: Hello world!']);
    expect(stream.cancelled).toBe(true);
    const stored = JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null');
    expect(stored.conversationHistory).toEqual([
      { role: 'user', content: 'tell me' },
      { role: 'assistant', content: 'Hello **world**!' },
    ]);
  });

  it('uses the JSON answer when the server does not stream', async () => {
    const user = userEvent.setup();
    fake.replies.push({ kind: 'json', body: { success: true, message: 'Plain answer.' } });
    renderChat();
    await started();
    await user.type(textbox(), 'x{Enter}');
    await screen.findByText('Plain answer.');
  });

  it('can send without asking for a stream', async () => {
    const user = userEvent.setup();
    renderChat({ stream: false });
    await started();
    await user.type(textbox(), 'x{Enter}');
    await screen.findByText('You said: x');
    expect(fake.sent()[0]?.headers.accept).toBe('application/json');
  });

  it('shows the error line when a stream ends without its done event', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stream = new ControlledStream();
    fake.replies.push({ kind: 'stream', stream });
    renderChat();
    await started();
    await user.type(textbox(), 'x{Enter}');
    await act(async () => {
      stream.token('partial');
      stream.close();
    });
    await screen.findByText('Sorry, I encountered an error. Please try again.');
  });
});

describe('ChatPanel: markdown', () => {
  it('renders assistant markdown and never lets raw HTML through unsanitized', async () => {
    fake.conversations.set(JOURNAL_QUERY, [
      { role: 'user', content: '<img src=x onerror="window.__pwned=1">' },
      {
        role: 'assistant',
        content:
          '**Bold** and a [link](https://example.com)\n\n<img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:alert(1)">bad</a>',
      },
    ]);
    renderChat();
    await waitFor(() => expect(log().querySelector('strong')?.textContent).toBe('Bold'));
    const answer = log().querySelector('.cc-chat-msg--assistant')!;
    const html = answer.innerHTML;
    expect(html).not.toMatch(/onerror/i);
    // Chat answers show no images at all (a model-written image URL would be fetched at once).
    expect(answer.querySelector('img')).toBeNull();
    for (const el of Array.from(log().querySelectorAll('*'))) {
      expect(el.getAttributeNames().filter((n) => n.startsWith('on'))).toEqual([]);
    }
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/javascript:/i);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    const link = within(log()).getByRole('link', { name: 'link' });
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // The user's own text is shown as text, not HTML.
    expect(within(log()).getByText('<img src=x onerror="window.__pwned=1">')).toBeTruthy();
  });
});

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
    await screen.findByText('Sorry, I encountered an error. Please try again.');
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

describe('ChatPanel: STAR progress and people', () => {
  it('shows n/4 with the phase label for interview stories only', async () => {
    fake.conversations.set('folder=interview-stories&file_name=launch.md', [
      { role: 'user', content: 'Back then our team was behind schedule. My task was to ship the release.' },
    ]);
    render(<ChatPanel conversation={{ folder: 'interview-stories', fileName: 'launch.md' }} />);
    const progress = await screen.findByTestId('chat-star-progress');
    expect(progress.textContent).toContain('0/4');
    await waitFor(() => expect(screen.getByTestId('chat-star-progress').textContent).toContain('2/4'));
    expect(screen.getByTestId('chat-star-progress').textContent).toContain('Describing Actions');
    const stored = JSON.parse(localStorage.getItem('chat:interview-stories/launch.md') ?? 'null');
    expect(stored).toMatchObject({
      starProgress: { situation: true, task: true, action: false, result: false },
      currentStarPhase: 'action',
      contextGatheringPhase: true,
    });
  });

  it('shows no STAR progress elsewhere', async () => {
    renderChat();
    await started();
    expect(screen.queryByTestId('chat-star-progress')).toBeNull();
  });

  it('people chat: per-person key, greeting, ask mode payload and the clear text', async () => {
    const user = userEvent.setup();
    render(
      <ChatPanel conversation={{ personId: 7 }} labels={{ cleared: 'Chat cleared for this person. How would you like to proceed?' }} />,
    );
    expect(lines()).toEqual(['assistant: How can I help you think about this person today?']);
    expect(screen.queryByRole('button', { name: 'Agent' })).toBeNull();
    await started();
    expect(fake.requests.find((r) => r.path === '/ai_chat/conversation')?.query).toEqual({ person_id: '7' });
    await user.type(textbox(), 'How do I approach her?{Enter}');
    await screen.findByText('You said: How do I approach her?');
    expect(fake.sent()[0]?.body).toEqual({ message: 'How do I approach her?', mode: 'ask', person_id: 7, conversation_history: [] });
    expect(JSON.parse(localStorage.getItem('chat:person/7') ?? 'null').conversationHistory).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear chat' }));
    expect(screen.getByRole('status').textContent).toBe('Chat cleared for this person. How would you like to proceed?');
    expect(fake.requests.find((r) => r.path === '/ai_chat/clear_conversation')?.body).toEqual({ person_id: 7 });
  });

  it('reports the synced conversation once, so a caller can open an empty one (question chat)', async () => {
    const onSynced = jest.fn();
    const ref = createRef<ChatPanelHandle>();
    render(
      <ChatPanel
        ref={ref}
        conversation={{ folder: 'coaching', fileName: 'q.md' }}
        onSynced={(history) => {
          onSynced(history);
          if (history.length === 0) void ref.current?.send("I'm ready to start reflecting on: Goals");
        }}
      />,
    );
    await waitFor(() => expect(onSynced).toHaveBeenCalledWith([]));
    await screen.findByText("You said: I'm ready to start reflecting on: Goals");
    expect(onSynced).toHaveBeenCalledTimes(1);
  });

  it('stays inactive until started when autoStart is off', async () => {
    const user = userEvent.setup();
    renderChat({ autoStart: false, greeting: 'Hello there' });
    expect(lines()).toEqual([]);
    expect(fake.requests.some((r) => r.path === '/ai_chat/conversation')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(lines()).toEqual(['assistant: Hello there']);
    expect(screen.getByTestId('chat-panel').getAttribute('data-active')).toBe('true');
  });
});
