/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import type { CallAnswer } from '@cc/client';
import type { ScoredQuestion } from '@cc/contracts/coaching';
import { setDateLocale } from '@cc/contracts/dates';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import { lastPeriodText } from './LastPeriodLine';
import QuestionChatModal from './QuestionChatModal';

const question: ScoredQuestion = {
  id: 12,
  title: 'Results',
  text: 'What did you achieve this week?',
  prompt: '',
  position: 1,
  onboarding_section_id: 3,
  questionnaire_type: 'end_of_week',
  score: null,
  has_notes: true,
  recent_scores: [],
};

type Conversation = CallAnswer<'GET /coaching/onboarding_conversation'>;
const conversationWith = (previous: Conversation['previous']): Conversation => ({
  success: true,
  question_id: 12,
  period_key: '2026-W10',
  messages: [
    { role: 'user', content: `I'm ready to start reflecting on: ${question.text}` },
    { role: 'assistant', content: 'What did you ship?' },
  ],
  score: null,
  score_feedback: '',
  content: 'Planned Q2',
  content_summary: '',
  content_revision: 1,
  summary_revision: 0,
  updated_at: '2026-03-06T08:00:00Z',
  previous,
});

let fake: ReturnType<typeof installContractApi>;
let conversation: Conversation;

beforeEach(() => {
  setDateLocale('en-GB');
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  fake = installContractApi({ 'GET /coaching/onboarding_conversation': () => conversation });
});

afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
  setDateLocale(undefined);
});

const open = () =>
  render(<QuestionChatModal question={question} periodKey="2026-W10" onClose={() => undefined} />, { wrapper: withQueries() });

describe("last period's answer in the question view", () => {
  it('one line: the period, its score and the answer, above the chat and the notes', async () => {
    conversation = conversationWith({ period_key: '2026-W09', label: 'Last week', score: 72, line: 'Shipped the billing fix.' });
    open();
    const line = await screen.findByTestId('question-last-period');
    expect(line.textContent).toBe('Last week, scored 72: “Shipped the billing fix.”');
    expect(line.getAttribute('title')).toBe('Week 9, 2026 (23 Feb – 1 Mar)');
    // Above the chat and the notes, in reading order.
    const chat = screen.getByTestId('question-chat');
    expect(line.compareDocumentPosition(chat) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('without a score, the period and the answer only', async () => {
    conversation = conversationWith({ period_key: '2026-W09', label: 'Last week', score: null, line: 'Closed the hiring loop' });
    open();
    expect((await screen.findByTestId('question-last-period')).textContent).toBe('Last week: “Closed the hiring loop”');
  });

  it('nothing when the period before holds nothing', async () => {
    conversation = conversationWith(null);
    open();
    await waitFor(() => expect(screen.getByText('What did you ship?')).toBeTruthy());
    expect(screen.queryByTestId('question-last-period')).toBeNull();
  });

  it('says "scored", so the score is not read as the period’s number ("Last week, 48" under Week 48)', () => {
    expect(lastPeriodText({ period_key: '2026-W47', label: 'Last week', score: 48, line: 'x' })).toBe('Last week, scored 48: “x”');
  });

  it('writes each kind of period the same way', () => {
    expect(lastPeriodText({ period_key: '2026-03-01', label: 'Yesterday', score: 0, line: 'x' })).toBe('Yesterday, scored 0: “x”');
    expect(lastPeriodText({ period_key: '2026-02', label: 'Last month', score: null, line: 'y' })).toBe('Last month: “y”');
  });
});
