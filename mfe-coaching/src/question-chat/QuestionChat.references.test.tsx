/** @jest-environment jsdom */
// First: it provides TextEncoder (jsdom has none), which react-router needs when it loads.
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { CallAnswer } from '@cc/client';
import type { ChatReference } from '@cc/contracts';
import type { ScoredQuestion } from '@cc/contracts/coaching';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import QuestionChatModal from './QuestionChatModal';

// The check-in question's chat cites the user's other notes as every chat does (docs/chat.md#sources).

const question: ScoredQuestion = {
  id: 12,
  title: 'Top priority',
  text: 'What is the one thing that would make today a success?',
  prompt: 'Help the user name one priority.',
  position: 1,
  onboarding_section_id: 3,
  questionnaire_type: 'start_of_day',
  score: null,
  has_notes: false,
  recent_scores: [],
};

const DAY: ChatReference = {
  n: 1,
  kind: 'journal',
  id: '2026-03-01',
  title: 'Journal, 1 March',
  url: '/journal/2026-03-01',
  snippet: 'the report is late',
};
const NOTICE = 'To answer, the coach sent 1 passage of your notes to the model.';

type Conversation = CallAnswer<'GET /coaching/onboarding_conversation'>;
const conversation = (messages: Conversation['messages']): Conversation => ({
  success: true,
  question_id: 12,
  period_key: '2026-03-02',
  messages,
  score: 40,
  score_feedback: '',
  content: '',
  content_summary: '',
  content_revision: 0,
  summary_revision: 0,
  updated_at: null,
});

let fake: ReturnType<typeof installContractApi>;
let stored: Conversation;
let setting: boolean;

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  setting = true;
  stored = conversation([
    { role: 'user', content: 'Ship the report.' },
    { role: 'assistant', content: 'On 1 March you wrote it was late [1]. Is [2] the blocker?', references: [DAY] },
  ]);
  fake = installContractApi({
    'GET /coaching/onboarding_conversation': () => stored,
    'POST /coaching/onboarding_send_message': () => ({
      success: true,
      response: 'Same report as before [1]?',
      score: 50,
      score_feedback: '',
      references: [DAY],
      notice: NOTICE,
    }),
    'GET /ai_chat/settings': () => ({ success: true, settings: { use_other_notes: setting } }),
    'PATCH /ai_chat/settings': ({ body }) => {
      setting = (body as { use_other_notes: boolean }).use_other_notes;
      return { success: true, settings: { use_other_notes: setting } };
    },
  });
});

afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname}</output>;
}

const open = () =>
  render(
    <MemoryRouter initialEntries={['/coaching/start_of_day']}>
      <QuestionChatModal question={question} periodKey="2026-03-02" onClose={() => undefined} />
      <Address />
    </MemoryRouter>,
    { wrapper: withQueries() },
  );

describe('question chat: answers that cite the notes', () => {
  it('links a stored answer’s [n] and lists its Sources; a click opens the note in this tab', async () => {
    open();
    const chat = await screen.findByTestId('question-chat');
    const link = await within(chat).findByRole('link', { name: 'Source 1: Journal, 1 March' });
    expect(link.textContent).toBe('[1]');
    expect(link.getAttribute('href')).toBe('/journal/2026-03-01');
    expect(link.getAttribute('title')).toBe('Journal, 1 March');
    // [2] has no reference: text.
    expect(
      within(chat)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['[1]', '[1] Journal, 1 March']);
    expect(within(chat).getByTestId('chat-sources').textContent).toBe('Sources: [1] Journal, 1 March');

    fireEvent.click(link);
    expect(screen.getByTestId('address').textContent).toBe('/journal/2026-03-01');
  });

  it('a reply’s references and notice show under it, the notice once', async () => {
    open();
    const chat = await screen.findByTestId('question-chat');
    await within(chat).findAllByRole('link', { name: 'Source 1: Journal, 1 March' });
    for (const [i, text] of ['The report.', 'And the slides.'].entries()) {
      await waitFor(() => expect((screen.getByRole('textbox', { name: 'Your answer' }) as HTMLTextAreaElement).disabled).toBe(false));
      fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(within(chat).getAllByTestId('chat-sources')).toHaveLength(2 + i));
    }
    const replies = within(chat).getAllByRole('link', { name: 'Source 1: Journal, 1 March' });
    expect(replies).toHaveLength(3);
    expect(
      within(chat)
        .getAllByTestId('chat-notice')
        .map((p) => p.textContent),
    ).toEqual([NOTICE]);
  });

  it('has the account’s "use my other notes" setting at its foot', async () => {
    open();
    const chat = await screen.findByTestId('question-chat');
    const box = (await within(chat).findByRole('checkbox', { name: 'Let the coach use my other notes' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(fake.find('PATCH', '/ai_chat/settings')).toHaveLength(1));
    expect(fake.find('PATCH', '/ai_chat/settings')[0]?.body).toEqual({ use_other_notes: false });
    await waitFor(() => expect(box.checked).toBe(false));
  });
});
