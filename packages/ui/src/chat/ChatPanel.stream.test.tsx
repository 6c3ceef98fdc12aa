/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ControlledStream } from '../testing/fakeChatApi';
import { ERROR_LINE, fake, JOURNAL_QUERY, JOURNAL_STORAGE, lines, log, renderChat, setUpChatPanelTests, started, textbox } from './testing';

// A reply as it streams in, and how an answer is rendered.

setUpChatPanelTests();

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
    await screen.findByText(ERROR_LINE);
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
