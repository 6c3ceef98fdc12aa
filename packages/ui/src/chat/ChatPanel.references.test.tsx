/** @jest-environment jsdom */
// First: it provides TextEncoder (jsdom has none), which react-router needs when it loads.
import { ControlledStream, FakeChatApi } from '../testing/fakeChatApi';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ChatReference } from '@cc/contracts';
import { chatMessageSchema, sendMessageAnswerSchema } from '@cc/contracts';
import { installContractApi } from '../testing/contractApi';
import { withQueries } from '../testing/queries';
import { forgetStorageAccount, setStorageAccount } from '../storage';
import { resetChatStatusCache } from './api';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';
import { JOURNAL, JOURNAL_STORAGE } from './testing';

// Answers that cite the user's notes (docs/chat.md#sources): [n] links and Sources, streamed and
// stored, the one-time notice, and the account's "use my other notes" setting.

const DAY: ChatReference = {
  n: 1,
  kind: 'journal',
  id: '2026-11-03',
  title: 'Journal, 3 November',
  url: '/journal/2026-11-03',
  snippet: 'the migration slipped again',
};
const SAM: ChatReference = { n: 2, kind: 'person', id: '7', title: 'Sam Lee', url: '/people?person=7', snippet: 'Sam leads the team' };
const NOTICE = 'To answer, the coach sent 2 passages of your notes to the model.';

const CITED = 'In your journal you wrote that the migration slipped [1]. Sam [2] may know; see also [3].';

beforeEach(() => {
  localStorage.clear();
  setStorageAccount('42');
  resetChatStatusCache();
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
});

afterEach(() => {
  forgetStorageAccount();
});

/** Where the router is now (a same-tab navigation shows here). */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** Lets the start-up answers (status, sync, settings) land inside act. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

function renderPanel(props: Partial<ChatPanelProps> = {}, wrapper = withQueries()) {
  return render(
    <MemoryRouter initialEntries={['/journal/2026-11-26']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <ChatPanel conversation={JOURNAL} {...props} />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { wrapper },
  );
}

const address = () => screen.getByTestId('address').textContent;
const answerOf = (text: string) => screen.getByText((_, el) => el?.classList.contains('cc-chat-text') === true && el.textContent === text);
const messageOf = (text: string) => answerOf(text).closest('.cc-chat-msg') as HTMLElement;

/** The [n] links and the Sources line of the answer that reads `text`. */
function expectCited(text: string) {
  const message = messageOf(text);
  const body = message.querySelector('.cc-chat-text') as HTMLElement;
  const one = within(body).getByRole('link', { name: 'Source 1: Journal, 3 November' });
  expect(one.textContent).toBe('[1]');
  expect(one.getAttribute('href')).toBe('/journal/2026-11-03');
  expect(one.getAttribute('title')).toBe('Journal, 3 November');
  expect(one.getAttribute('target')).toBeNull();
  const two = within(body).getByRole('link', { name: 'Source 2: Sam Lee' });
  expect(two.getAttribute('href')).toBe('/people?person=7');
  // [3] has no reference: it stays text.
  expect(within(body).getAllByRole('link')).toHaveLength(2);
  expect(body.textContent).toContain('see also [3].');

  const sources = within(message).getByTestId('chat-sources');
  expect(sources.textContent).toBe('Sources: [1] Journal, 3 November · [2] Sam Lee');
  const listed = within(sources).getAllByRole('link');
  expect(listed.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['[1] Journal, 3 November', '/journal/2026-11-03'],
    ['[2] Sam Lee', '/people?person=7'],
  ]);
  return { message, one, sources };
}

describe('ChatPanel: answers that cite the notes (stored, JSON)', () => {
  let fake: ReturnType<typeof installContractApi>;
  let messages: Array<{ role: 'user' | 'assistant'; content: string; references?: ChatReference[] }>;
  let answers: Array<{ success: true; message: string; references?: ChatReference[]; notice?: string }>;

  beforeEach(() => {
    messages = [];
    answers = [];
    fake = installContractApi({
      'GET /ai_chat/conversation': () => ({ success: true, conversation_id: messages.length ? 1 : null, messages }),
      'POST /ai_chat/send_message': () => answers.shift() ?? { success: true, message: 'Noted.' },
      'GET /ai_chat/settings': () => ({ success: true, settings: { use_other_notes: true } }),
    });
  });

  afterEach(() => {
    fake.uninstall();
    fake.assertNoViolations();
  });

  it('links each cited [n] of a stored answer and lists its Sources; a plain click opens the note in this tab', async () => {
    messages = [
      { role: 'user', content: 'Is the team late again?' },
      { role: 'assistant', content: CITED, references: [DAY, SAM] },
    ];
    renderPanel();
    await waitFor(() => answerOf(CITED));
    await settle();
    const { one, sources } = expectCited(CITED);

    // A modified click is the browser's (a new tab): the router stays.
    let leftToBrowser: boolean | null = null;
    const browser = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault(); // jsdom does not open tabs
    };
    document.addEventListener('click', browser);
    one.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true, button: 0 }));
    document.removeEventListener('click', browser);
    expect(leftToBrowser).toBe(true);
    expect(address()).toBe('/journal/2026-11-26');

    fireEvent.click(one);
    expect(address()).toBe('/journal/2026-11-03');
    fireEvent.click(within(sources).getByRole('link', { name: '[2] Sam Lee' }));
    expect(address()).toBe('/people?person=7');
  });

  it('keeps the references in the local copy, so a reload shows the links before the server answers', async () => {
    messages = [
      { role: 'user', content: 'Is the team late again?' },
      { role: 'assistant', content: CITED, references: [DAY, SAM] },
    ];
    const first = renderPanel();
    await waitFor(() => answerOf(CITED));
    const stored = JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null');
    expect(stored.conversationHistory[1]).toEqual({ role: 'assistant', content: CITED, references: [DAY, SAM] });
    first.unmount();

    // The server is slow this time: the local copy shows, linked, at once.
    fake.uninstall();
    fake = installContractApi({
      'GET /ai_chat/conversation': () => new Promise(() => undefined),
      'GET /ai_chat/settings': () => ({ success: true, settings: { use_other_notes: true } }),
    });
    renderPanel();
    expectCited(CITED);
    await settle();
    expect(fake.find('GET', '/ai_chat/conversation')).toHaveLength(1);
    expectCited(CITED);
  });

  it('a JSON answer with references shows its links, Sources and notice; the notice shows once', async () => {
    const user = userEvent.setup();
    answers.push(
      { success: true, message: CITED, references: [DAY, SAM], notice: NOTICE },
      // Said again (it should not be): still one line in this chat.
      { success: true, message: 'Ask Sam about it [2].', references: [SAM], notice: NOTICE },
    );
    renderPanel({ stream: false });
    await waitFor(() => expect(fake.find('GET', '/ai_chat/conversation')).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Is the team late again?{Enter}');
    await waitFor(() => answerOf(CITED));
    const { message } = expectCited(CITED);
    expect(within(message).getByTestId('chat-notice').textContent).toBe(NOTICE);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'What now?{Enter}');
    await waitFor(() => answerOf('Ask Sam about it [2].'));
    expect(screen.getAllByTestId('chat-notice')).toHaveLength(1);
    expect(screen.getAllByTestId('chat-sources')).toHaveLength(2);

    // The history sent back is the conversation's words only.
    const sent = fake.find('POST', '/ai_chat/send_message')[1]?.body as { conversation_history: unknown[] };
    expect(sent.conversation_history).toEqual([
      { role: 'user', content: 'Is the team late again?' },
      { role: 'assistant', content: CITED },
    ]);
    // The notice is said once: a reload does not bring it back.
    const stored = JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null');
    expect(JSON.stringify(stored)).not.toContain(NOTICE);
  });

  it('an answer without references has no links and no Sources line', async () => {
    messages = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'A plain answer [1].' },
    ];
    renderPanel();
    await waitFor(() => answerOf('A plain answer [1].'));
    expect(within(messageOf('A plain answer [1].')).queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('chat-sources')).toBeNull();
    expect(screen.queryByTestId('chat-notice')).toBeNull();
  });

  it('never turns a reference into markup, and only links the app’s own addresses', async () => {
    const hostile: ChatReference = { ...DAY, title: '"><img src=x onerror="window.__pwned=1">', url: '/journal/2026-11-03' };
    const web: ChatReference = { ...SAM, url: 'javascript:alert(1)' };
    messages = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'See [1] and [2], and `[1]` in code.', references: [hostile, web] },
    ];
    renderPanel();
    await waitFor(() => expect(document.querySelector('.cc-chat-ref')).not.toBeNull());
    const message = document.querySelector('[data-role="assistant"][data-index="1"]') as HTMLElement;
    expect(message.querySelector('img')).toBeNull();
    const links = within(message).getAllByRole('link');
    // [1] in the text and in Sources; [2]'s address is not the app's: text in both places.
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/journal/2026-11-03', '/journal/2026-11-03']);
    expect(links[0]?.getAttribute('title')).toBe(hostile.title);
    expect(message.querySelector('code')?.textContent).toBe('[1]');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

describe('ChatPanel: a streamed answer that cites the notes', () => {
  let fake: FakeChatApi;
  beforeEach(() => {
    fake = new FakeChatApi().install();
  });
  afterEach(() => fake.uninstall());

  it('links the [n] and lists the Sources the done event carries, with its notice', async () => {
    const user = userEvent.setup();
    const stream = new ControlledStream();
    fake.replies.push({ kind: 'stream', stream });
    renderPanel({}, ({ children }) => <>{children}</>);
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/ai_chat/conversation')).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Is the team late again?{Enter}');

    await act(async () => stream.token('In your journal you wrote that the migration slipped [1]. '));
    // While it streams, the references are not known yet: [1] is text.
    await waitFor(() => expect(document.querySelector('[data-streaming="true"]')?.textContent).toContain('slipped [1]'));
    expect(document.querySelector('[data-streaming="true"] a')).toBeNull();

    // What svc-chat sends as `done` is send_message's answer.
    const done = sendMessageAnswerSchema.parse({ success: true, message: CITED, references: [DAY, SAM], notice: NOTICE });
    await act(async () => stream.push('done', done));
    await waitFor(() => expect(document.querySelector('[data-streaming="true"]')).toBeNull());
    const { message } = expectCited(CITED);
    expect(
      within(message)
        .getAllByTestId('chat-notice')
        .map((p) => p.textContent),
    ).toEqual([NOTICE]);

    // A reload finds the answer as svc-chat stored it, references included.
    const stored = JSON.parse(localStorage.getItem(JOURNAL_STORAGE) ?? 'null');
    expect(chatMessageSchema.parse(stored.conversationHistory[1])).toEqual({ role: 'assistant', content: CITED, references: [DAY, SAM] });
  });
});

describe('ChatPanel: "Let the coach use my other notes"', () => {
  let fake: ReturnType<typeof installContractApi>;
  let setting: boolean;
  let refuse: boolean;

  beforeEach(() => {
    setting = true;
    refuse = false;
    fake = installContractApi({
      'GET /ai_chat/settings': () => ({ success: true, settings: { use_other_notes: setting } }),
      'PATCH /ai_chat/settings': ({ body }) => {
        if (refuse) return { status: 500, body: { success: false, errors: ['down'] } };
        setting = (body as { use_other_notes: boolean }).use_other_notes;
        return { success: true, settings: { use_other_notes: setting } };
      },
    });
  });

  afterEach(() => {
    fake.uninstall();
    fake.assertNoViolations();
  });

  const box = () => screen.findByRole('checkbox', { name: 'Let the coach use my other notes' });

  it('shows the account’s setting and saves a change with PATCH; nothing of it is kept in the browser', async () => {
    renderPanel();
    const checkbox = (await box()) as HTMLInputElement;
    expect(checkbox.checked).toBe(true);

    fireEvent.click(checkbox);
    await waitFor(() => expect(checkbox.checked).toBe(false));
    await waitFor(() => expect(fake.find('PATCH', '/ai_chat/settings')).toHaveLength(1));
    expect(fake.find('PATCH', '/ai_chat/settings')[0]?.body).toEqual({ use_other_notes: false });
    await waitFor(() => expect(checkbox.disabled).toBe(false));
    expect(checkbox.checked).toBe(false);

    fireEvent.click(checkbox);
    await waitFor(() => expect(fake.find('PATCH', '/ai_chat/settings')).toHaveLength(2));
    expect(fake.find('PATCH', '/ai_chat/settings')[1]?.body).toEqual({ use_other_notes: true });
    await waitFor(() => expect(checkbox.disabled).toBe(false));
    expect(checkbox.checked).toBe(true);
    expect(fake.find('GET', '/ai_chat/settings')).toHaveLength(1);
    expect(Object.keys(localStorage).filter((key) => /setting|notes/i.test(key))).toEqual([]);
  });

  it('shows an account’s setting that is off, and every chat of the page shares it', async () => {
    setting = false;
    render(
      <MemoryRouter>
        <ChatPanel conversation={JOURNAL} />
        <ChatPanel conversation={{ personId: 7 }} />
      </MemoryRouter>,
      { wrapper: withQueries() },
    );
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: 'Let the coach use my other notes' })).toHaveLength(2));
    const [first, second] = screen.getAllByRole('checkbox', { name: 'Let the coach use my other notes' }) as HTMLInputElement[];
    expect(first!.checked).toBe(false);
    fireEvent.click(first!);
    await waitFor(() => expect(second!.checked).toBe(true));
    await waitFor(() => expect(fake.find('PATCH', '/ai_chat/settings')).toHaveLength(1));
    expect(fake.find('GET', '/ai_chat/settings')).toHaveLength(1);
  });

  it('puts the old value back and says so when the save is refused', async () => {
    refuse = true;
    renderPanel();
    const checkbox = (await box()) as HTMLInputElement;
    fireEvent.click(checkbox);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Could not save this setting. Please try again.');
    expect(checkbox.checked).toBe(true);
  });

  it('is not shown while the server has not said what it is', async () => {
    fake.uninstall();
    fake = installContractApi({ 'GET /ai_chat/settings': () => ({ status: 501, body: { success: false, errors: ['Not implemented'] } }) });
    renderPanel();
    await waitFor(() => expect(fake.find('GET', '/ai_chat/settings')).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('checkbox', { name: 'Let the coach use my other notes' })).toBeNull();
  });
});
