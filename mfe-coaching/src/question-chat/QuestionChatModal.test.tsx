/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CallAnswer } from '@cc/client';
import type { ScoredQuestion } from '@cc/contracts/coaching';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import QuestionChatModal from './QuestionChatModal';

const question: ScoredQuestion = {
  id: 12,
  title: 'Top priority',
  text: 'What is the one thing that would make today a success? What could get in the way?',
  prompt: 'Help the user name one priority.',
  position: 1,
  onboarding_section_id: 3,
  questionnaire_type: 'start_of_day',
  score: null,
  has_notes: false,
  recent_scores: [],
};

type Conversation = CallAnswer<'GET /coaching/onboarding_conversation'>;
const emptyConversation: Conversation = {
  success: true,
  question_id: 12,
  period_key: '2026-03-02',
  messages: [],
  score: null,
  score_feedback: '',
  content: '',
  content_summary: '',
  content_revision: 0,
  summary_revision: 0,
  updated_at: null,
};

/** What a test answers a call it holds open: the answer, a refusal, or a network failure. */
type Held<K extends 'POST /coaching/onboarding_send_message' | 'POST /ai_chat/suggest_edits'> =
  CallAnswer<K> | { status: number; body: unknown } | { network: true };

let fake: ReturnType<typeof installContractApi>;
let reply: (answer: Held<'POST /coaching/onboarding_send_message'>) => void;
let conversation: Conversation | 'down';
let suggest: (answer: Held<'POST /ai_chat/suggest_edits'>) => void;

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  conversation = emptyConversation;
  fake = installContractApi({
    'GET /coaching/onboarding_conversation': () =>
      conversation === 'down' ? { status: 500, body: { success: false, errors: ['boom'] } } : conversation,
    'POST /coaching/onboarding_send_message': () => new Promise((resolve) => (reply = resolve)),
    'POST /coaching/onboarding_generate_summary': () => ({
      success: true,
      summary: 'You will ship the report by 3 pm.',
      summary_revision: 3,
    }),
    'POST /ai_chat/suggest_edits': () => new Promise((resolve) => (suggest = resolve)),
    'POST /coaching/onboarding_save_content': ({ body }) => {
      const sent = body as { clear_messages?: boolean; content?: string };
      if (sent.clear_messages) return { status: 500, body: { success: false, errors: ['down'] } };
      return {
        success: true,
        content: sent.content ?? '',
        content_summary: '',
        content_revision: 1,
        summary_revision: 0,
        updated_at: '2026-03-02T08:00:00Z',
      };
    },
  });
});

afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

const open = () =>
  render(<QuestionChatModal question={question} periodKey="2026-03-02" onClose={() => undefined} />, { wrapper: withQueries() });
const input = () => screen.getByRole('textbox', { name: 'Your answer' });

describe('question chat', () => {
  it('opens an empty conversation with the automatic first message, shows typing and disables the input until the scored reply', async () => {
    open();
    await waitFor(() => expect(fake.find('POST', '/coaching/onboarding_send_message')).toHaveLength(1));
    expect(fake.find('POST', '/coaching/onboarding_send_message')[0]?.body).toEqual({
      question_id: 12,
      period_key: '2026-03-02',
      message: `I'm ready to start reflecting on: ${question.text}`,
    });
    expect(screen.getByText(`I'm ready to start reflecting on: ${question.text}`)).toBeTruthy();
    expect(screen.getByTestId('chat-typing')).toBeTruthy();
    expect((input() as HTMLTextAreaElement).disabled).toBe(true);

    reply({ success: true, response: 'What would success look like by 6 pm?', score: null, score_feedback: '' });
    await screen.findByText('What would success look like by 6 pm?');
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    expect((input() as HTMLTextAreaElement).disabled).toBe(false);
    fireEvent.change(input(), { target: { value: 'The report, by 3 pm.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.find('POST', '/coaching/onboarding_send_message')).toHaveLength(2));
    reply({ success: true, response: 'What could get in the way?', score: 35, score_feedback: 'Name a concrete outcome.' });
    await screen.findByText('What could get in the way?');
    const bar = screen.getByTestId('score-bar');
    await waitFor(() => expect(bar.getAttribute('data-score')).toBe('35'));
    expect(bar.getAttribute('data-colour')).toBe('red');
    expect(within(bar).getByText('Name a concrete outcome.')).toBeTruthy();
  });

  it('the automatic first message earns no score: the bar says not scored yet, even when a server answers 0', async () => {
    open();
    await waitFor(() => expect(fake.find('POST', '/coaching/onboarding_send_message')).toHaveLength(1));
    reply({ success: true, response: 'What matters most today?', score: 0, score_feedback: 'There is no answer to score yet.' });
    await screen.findByText('What matters most today?');
    const bar = screen.getByTestId('score-bar');
    expect(bar.getAttribute('data-score')).toBe('');
    expect(within(bar).getByText('Not scored yet')).toBeTruthy();
    expect(within(bar).queryByText(/no answer to score/)).toBeNull();
    expect(within(bar).queryByText('0/100')).toBeNull();

    // The first answer is scored.
    fireEvent.change(input(), { target: { value: 'Ship the report by 3 pm.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.find('POST', '/coaching/onboarding_send_message')).toHaveLength(2));
    reply({ success: true, response: 'Good.', score: 41, score_feedback: 'Add the outcome.' });
    await waitFor(() => expect(screen.getByTestId('score-bar').getAttribute('data-score')).toBe('41'));
  });

  it('does not send the first message when the conversation has messages', async () => {
    conversation = { ...emptyConversation, messages: [{ role: 'user', content: 'Earlier answer' }], score: 72 };
    open();
    await screen.findByText('Earlier answer');
    expect(fake.find('POST', '/coaching/onboarding_send_message')).toHaveLength(0);
    expect(screen.getByTestId('score-bar').getAttribute('data-colour')).toBe('green');
  });

  it("answers a failed reply with the server's reason, or the generic line", async () => {
    open();
    await waitFor(() => expect(fake.find('POST', '/coaching/onboarding_send_message')).toHaveLength(1));
    reply({
      status: 502,
      body: { success: false, error: 'The AI coach is not available right now.', errors: ['The AI coach is not available right now.'] },
    });
    await screen.findByText('Sorry, I encountered an error: The AI coach is not available right now.');
    fireEvent.change(input(), { target: { value: 'Ship the report' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.find('POST', '/coaching/onboarding_send_message')).toHaveLength(2));
    reply({ network: true });
    await screen.findByText('Sorry, I encountered an error. Please try again.');
  });

  it('says so when the conversation cannot be loaded', async () => {
    conversation = 'down';
    open();
    await screen.findByText('Error loading conversation. Please try again.');
  });

  it('clear empties the chat here even when the server fails, and asks the server to clear the messages', async () => {
    conversation = { ...emptyConversation, messages: [{ role: 'user', content: 'Earlier answer' }], score: 50 };
    open();
    await screen.findByText('Earlier answer');
    fireEvent.click(screen.getByRole('button', { name: 'Clear chat' }));
    expect(screen.queryByText('Earlier answer')).toBeNull();
    expect(screen.getByTestId('score-bar').getAttribute('data-score')).toBe('');
    await waitFor(() => expect(fake.find('POST', '/coaching/onboarding_save_content')).toHaveLength(1));
    expect(fake.find('POST', '/coaching/onboarding_save_content')[0]?.body).toEqual({
      question_id: 12,
      period_key: '2026-03-02',
      clear_messages: true,
    });
  });

  it('saves the manual entries on blur with the revision they are based on', async () => {
    conversation = { ...emptyConversation, messages: [{ role: 'user', content: 'x' }], content: 'Old notes', content_revision: 4 };
    open();
    const notes = await screen.findByRole('textbox', { name: 'Manual entries' });
    await waitFor(() => expect((notes as HTMLTextAreaElement).value).toBe('Old notes'));
    fireEvent.change(notes, { target: { value: 'Old notes\nFinish the draft by noon' } });
    fireEvent.blur(notes);
    await waitFor(() => expect(fake.find('POST', '/coaching/onboarding_save_content')).toHaveLength(1));
    const body = fake.find('POST', '/coaching/onboarding_save_content')[0]?.body;
    expect(body).toMatchObject({ question_id: 12, period_key: '2026-03-02', content: 'Old notes\nFinish the draft by noon', revision: 4 });
    expect(typeof body?.save_id).toBe('string');
    await screen.findByText('Saved');
  });

  const withNotes: Conversation = {
    ...emptyConversation,
    messages: [
      { role: 'user', content: 'Ship the report by 3 pm.' },
      { role: 'assistant', content: 'What could get in the way?' },
    ],
    content: 'Old notes',
    content_revision: 2,
  };
  const proposed = {
    success: true as const,
    diff: [
      { type: 'removed' as const, content: 'Old notes' },
      { type: 'added' as const, content: '- Ship the report by 3 pm' },
      { type: 'added' as const, content: '- Risk: late data' },
    ],
    suggested_content: '- Ship the report by 3 pm\n- Risk: late data',
  };
  const notesBox = () => screen.getByRole('textbox', { name: 'Manual entries' }) as HTMLTextAreaElement;
  /** Opens the question with notes and asks for an update; the suggest-edits call is held open. */
  async function askForUpdate() {
    open();
    await screen.findByText('What could get in the way?');
    await waitFor(() => expect(notesBox().value).toBe('Old notes'));
    fireEvent.click(screen.getByRole('button', { name: 'Update notes from chat' }));
    await waitFor(() => expect(fake.find('POST', '/ai_chat/suggest_edits')).toHaveLength(1));
  }

  it('update notes from chat shows the proposed change first; Accept replaces and saves the notes, then says so', async () => {
    conversation = withNotes;
    await askForUpdate();
    expect(fake.find('POST', '/ai_chat/suggest_edits')[0]?.body).toMatchObject({
      file_content: 'Old notes',
      file_name: 'top_priority_2026-03-02.md',
      folder: 'coaching',
      conversation_history: [
        { role: 'user', content: 'Ship the report by 3 pm.' },
        { role: 'assistant', content: 'What could get in the way?' },
      ],
    });
    expect((input() as HTMLTextAreaElement).disabled).toBe(true);
    suggest(proposed);

    // The change, in place of the editor: nothing is replaced or saved yet.
    const diff = await screen.findByRole('region', { name: 'Proposed update to your notes' });
    expect(within(diff).getByTestId('diff-summary').textContent).toBe('+2 added−1 removed0 unchanged');
    expect(within(diff).getByText('- Risk: late data')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Manual entries' })).toBeNull();
    expect(fake.find('POST', '/coaching/onboarding_save_content')).toHaveLength(0);
    expect(screen.queryByText(/I updated/)).toBeNull();
    expect((input() as HTMLTextAreaElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Update notes from chat' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(diff).getByRole('button', { name: 'Accept' }));
    await screen.findByText('I updated your notes on this question.');
    expect(screen.queryByRole('region', { name: 'Proposed update to your notes' })).toBeNull();
    expect(notesBox().value).toBe('- Ship the report by 3 pm\n- Risk: late data');
    expect(fake.find('POST', '/coaching/onboarding_save_content')).toHaveLength(1);
    expect(fake.find('POST', '/coaching/onboarding_save_content')[0]?.body).toMatchObject({
      content: '- Ship the report by 3 pm\n- Risk: late data',
      revision: 2,
    });
    expect(screen.queryByText(/journal entry/)).toBeNull();
  });

  it('Reject leaves the notes as they were, unsaved and without a line', async () => {
    conversation = withNotes;
    await askForUpdate();
    suggest(proposed);
    const diff = await screen.findByRole('region', { name: 'Proposed update to your notes' });
    fireEvent.click(within(diff).getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('region', { name: 'Proposed update to your notes' })).toBeNull();
    expect(notesBox().value).toBe('Old notes');
    expect(fake.find('POST', '/coaching/onboarding_save_content')).toHaveLength(0);
    expect(screen.queryByText(/I updated/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Update notes from chat' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('an answer without a diff gets one from the two texts; one that changes nothing offers nothing to accept', async () => {
    conversation = withNotes;
    await askForUpdate();
    suggest({ ...proposed, diff: [] });
    const diff = await screen.findByRole('region', { name: 'Proposed update to your notes' });
    expect(within(diff).getByTestId('diff-summary').textContent).toBe('+2 added−1 removed0 unchanged');
    fireEvent.click(within(diff).getByRole('button', { name: 'Reject' }));

    fireEvent.click(screen.getByRole('button', { name: 'Update notes from chat' }));
    await waitFor(() => expect(fake.find('POST', '/ai_chat/suggest_edits')).toHaveLength(2));
    suggest({ success: true, diff: [{ type: 'unchanged', content: 'Old notes' }], suggested_content: 'Old notes' });
    await screen.findByText('Nothing to change: your notes already have this.');
    expect(screen.queryByRole('region', { name: 'Proposed update to your notes' })).toBeNull();
  });

  it('a failed or empty update says so and leaves the notes alone', async () => {
    conversation = withNotes;
    await askForUpdate();
    suggest({ status: 502, body: { success: false, error: 'no model', errors: ['no model'] } });
    await screen.findByText('There was an error updating your notes.');
    fireEvent.click(screen.getByRole('button', { name: 'Update notes from chat' }));
    await waitFor(() => expect(fake.find('POST', '/ai_chat/suggest_edits')).toHaveLength(2));
    suggest({ success: true, diff: [], suggested_content: '' });
    await screen.findByText('I could not generate improvements at this time.');
    expect(notesBox().value).toBe('Old notes');
    expect(fake.find('POST', '/coaching/onboarding_save_content')).toHaveLength(0);
  });

  it('regenerates the AI summary from the manual entries and the chat, and shows it as saved', async () => {
    conversation = {
      ...emptyConversation,
      messages: [{ role: 'user', content: 'Ship the report by 3 pm.' }],
      content: 'Block the morning.',
      summary_revision: 2,
    };
    open();
    await screen.findByText('Ship the report by 3 pm.');
    fireEvent.click(screen.getByRole('button', { name: 'AI summary' }));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate summary' }));
    const summary = (await screen.findByRole('textbox', { name: 'AI summary' })) as HTMLTextAreaElement;
    await waitFor(() => expect(summary.value).toBe('You will ship the report by 3 pm.'));
    expect(fake.find('POST', '/coaching/onboarding_generate_summary')[0]?.body).toEqual({
      question_id: 12,
      period_key: '2026-03-02',
      content: 'Block the morning.',
      messages: [{ role: 'user', content: 'Ship the report by 3 pm.' }],
    });
    // The server stored it: nothing to save, and the next edit is based on its new revision.
    fireEvent.change(summary, { target: { value: 'You will ship the report by 3 pm. Ana reviews.' } });
    fireEvent.blur(summary);
    await waitFor(() => expect(fake.find('POST', '/coaching/onboarding_save_content')).toHaveLength(1));
    expect(fake.find('POST', '/coaching/onboarding_save_content')[0]?.body).toMatchObject({
      content_summary: 'You will ship the report by 3 pm. Ana reviews.',
      revision: 3,
    });
  });
});
