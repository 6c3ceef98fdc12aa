/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { QuestionnaireType } from '@cc/contracts/coaching-rules';
import { MemoryRouter, useLocation, useNavigate } from '@cc/ui/router';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import CoachingPage from './CoachingPage';
import { ACTIVE_TAB_KEY } from './tabs';

const question = (id: number, score: number | null) => ({
  id,
  title: `Question ${id}`,
  text: `What about ${id}?`,
  prompt: '',
  position: id,
  onboarding_section_id: 1,
  questionnaire_type: 'start_of_day' as const,
  score,
  has_notes: false,
  recent_scores: [
    { period_key: '2026-03-01', score: null },
    { period_key: '2026-03-02', score },
  ],
});

let isAdmin = false;
/** Sections an administrator added (the fake service's questionnaire grows with them). */
let added: { id: number; title: string }[] = [];
let fake: ReturnType<typeof installContractApi>;

beforeEach(() => {
  localStorage.clear();
  isAdmin = false;
  added = [];
  fake = installContractApi({
    'GET /coaching/onboarding_conversation': ({ query }) => {
      const { question_id, period_key } = query as { question_id: number; period_key: string };
      return {
        success: true,
        question_id,
        period_key,
        messages: [{ role: 'user', content: 'My earlier answer' }],
        score: 82,
        score_feedback: 'Specific.',
        content: '',
        content_summary: '',
        content_revision: 0,
        summary_revision: 0,
        updated_at: null,
      };
    },
    'GET /coaching/questionnaire_sections': ({ query }) => {
      const { type, period_key } = query as { type: QuestionnaireType; period_key: string };
      return {
        success: true,
        questionnaire_type: type,
        period_key,
        sections: [
          {
            id: 1,
            title: 'Focus',
            description: 'What matters',
            position: 1,
            questionnaire_type: type,
            questions: [question(1, 82), question(2, null)],
          },
          ...added.map((a, i) => ({ ...a, description: '', position: i + 2, questionnaire_type: type, questions: [] })),
        ],
        is_admin: isAdmin,
        summary: { answered: 1, total: 2, average_score: 82 },
      };
    },
    'GET /coaching/admin_sections': ({ query }) => {
      const { type } = query as { type: QuestionnaireType };
      const sections = [{ id: 1, title: 'Focus' }, ...added];
      return {
        success: true,
        sections: sections.map((a, i) => ({ ...a, description: '', position: i + 1, questionnaire_type: type, questions: [] })),
      };
    },
    'POST /coaching/sections': ({ body }) => {
      const { section } = body as { section: { title: string; questionnaire_type: QuestionnaireType } };
      added.push({ id: 10 + added.length, title: section.title });
      const id = 10 + added.length - 1;
      return {
        success: true,
        errors: [],
        section: {
          id,
          title: section.title,
          description: '',
          position: added.length + 1,
          questionnaire_type: section.questionnaire_type,
          questions: [],
        },
      };
    },
  });
});

afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

let here = { path: '', back: () => undefined as void };
/** Tells the test where the page's address is, and lets it press Back. */
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  here = { path: `${location.pathname}${location.search}`, back: () => void navigate(-1) };
  return null;
}

function renderAt(address = '/coaching') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <CoachingPage />
      <Probe />
    </MemoryRouter>,
    { wrapper: withQueries() },
  );
}

const purpose = () => screen.findByRole('dialog', { name: /Start of day|End of day|Monthly review/ });

describe('coaching page', () => {
  it('opens on the start-of-day check-in with its purpose, the summary line and the questions with their scores', async () => {
    renderAt();
    expect(screen.getByRole('tab', { name: 'Start of day' }).getAttribute('aria-selected')).toBe('true');
    const dialog = await purpose();
    expect(dialog.textContent).toContain('Five minutes before the day takes over');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByTestId('period-summary')).textContent).toBe('1 of 2 questions answered · average 82');
    expect(fake.find('GET', '/coaching/questionnaire_sections')[0]?.query.get('type')).toBe('start_of_day');
    expect(screen.getAllByTestId('score-donut').map((d) => d.getAttribute('data-colour'))).toEqual(['green', 'none']);
    expect(screen.queryByRole('button', { name: 'Edit questionnaire' })).toBeNull();
  });

  it('remembers the last tab, and shows the purpose on every visit to a tab', async () => {
    const { unmount } = renderAt();
    fireEvent.click(
      within(await purpose())
        .getAllByRole('button', { name: 'Close' })
        .at(-1)!,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Monthly' }));
    expect((await purpose()).textContent).toContain('Step back from the weeks');
    expect(JSON.parse(localStorage.getItem(ACTIVE_TAB_KEY) ?? 'null')).toBe('monthly-checkin');
    unmount();
    renderAt();
    expect(screen.getByRole('tab', { name: 'Monthly' }).getAttribute('aria-selected')).toBe('true');
    expect((await purpose()).textContent).toContain('Step back from the weeks');
  });

  it('shows the questionnaire editor button to administrators only', async () => {
    isAdmin = true;
    renderAt();
    expect(await screen.findByRole('button', { name: 'Edit questionnaire' })).toBeTruthy();
  });

  it('opens the check-in, period and question an address names, over the remembered tab, and without the purpose', async () => {
    localStorage.setItem(ACTIVE_TAB_KEY, JSON.stringify('monthly-checkin'));
    renderAt('/coaching?tab=end-of-day-checkin&period=2026-11-26&question=2');
    expect(screen.getByRole('tab', { name: 'End of day' }).getAttribute('aria-selected')).toBe('true');
    const chat = await screen.findByRole('dialog', { name: 'Question 2' });
    expect(chat.textContent).toContain('Thursday, 26 November 2026');
    await within(chat).findByText('My earlier answer');
    expect(fake.find('GET', '/coaching/questionnaire_sections')[0]?.query.get('period_key')).toBe('2026-11-26');
    expect(fake.find('GET', '/coaching/onboarding_conversation')[0]?.query.get('question_id')).toBe('2');
    expect(screen.getByTestId('period-picker').getAttribute('data-period')).toBe('2026-11-26');
    // A link to a question lands on the question: no purpose over it.
    expect(screen.queryByRole('dialog', { name: 'End of day' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(ACTIVE_TAB_KEY) ?? 'null')).toBe('end-of-day-checkin');
    // Closed by its ×: the address keeps the period and loses the question (replaced: the page was opened on it).
    fireEvent.click(within(chat).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(here.path).toBe('/coaching?tab=end-of-day-checkin&period=2026-11-26'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Question 2' })).toBeNull());
    // Closing reloads the questionnaire (docs/coaching.md#question-chat).
    await waitFor(() => expect(fake.find('GET', '/coaching/questionnaire_sections')).toHaveLength(2));
  });

  it('keeps the address current: a tab adds history, a period replaces it, a question opens and Back closes it', async () => {
    renderAt('/coaching');
    fireEvent.click(
      within(await purpose())
        .getAllByRole('button', { name: 'Close' })
        .at(-1)!,
    );
    await waitFor(() => expect(here.path).toMatch(/^\/coaching\?tab=start-of-day-checkin&period=\d{4}-\d{2}-\d{2}$/));
    const today = here.path;

    fireEvent.click(screen.getByRole('tab', { name: 'Monthly' }));
    fireEvent.click(
      within(await purpose())
        .getAllByRole('button', { name: 'Close' })
        .at(-1)!,
    );
    await waitFor(() => expect(here.path).toMatch(/^\/coaching\?tab=monthly-checkin&period=\d{4}-\d{2}$/));
    const month = here.path;
    fireEvent.click(screen.getByRole('button', { name: 'Previous period' }));
    await waitFor(() => expect(here.path).not.toBe(month));
    const before = here.path;
    expect(before).toMatch(/^\/coaching\?tab=monthly-checkin&period=\d{4}-\d{2}$/);

    fireEvent.click((await screen.findAllByTestId('question'))[0]!.querySelector('button')!);
    await screen.findByRole('dialog', { name: 'Question 1' });
    expect(here.path).toBe(`${before}&question=1`);
    act(() => here.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Question 1' })).toBeNull());
    expect(here.path).toBe(before);
    // The period step replaced its entry: Back returns to the tab before, on its period.
    act(() => here.back());
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Start of day' }).getAttribute('aria-selected')).toBe('true'));
    expect(here.path).toBe(today);
  });

  it('a quick tab switch leaves no purpose of the tab left behind over the next one', async () => {
    renderAt('/coaching');
    // Start of day asks for its purpose; the user switches before closing it (or before it shows).
    fireEvent.click(screen.getByRole('tab', { name: 'End of day' }));
    const shown = await screen.findByRole('dialog', { name: 'End of day' });
    expect(shown.textContent).toContain('Close the day on purpose');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Start of day' })).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('a question no longer in the check-in is said so and leaves the address', async () => {
    renderAt('/coaching?tab=start-of-day-checkin&period=2026-11-26&question=99');
    expect((await screen.findByRole('status')).textContent).toBe('That question is not in this check-in any more.');
    await waitFor(() => expect(here.path).toBe('/coaching?tab=start-of-day-checkin&period=2026-11-26'));
  });

  it("an administrator's new section shows in the editor and in the check-in behind it, without closing the editor", async () => {
    isAdmin = true;
    renderAt('/coaching?tab=start-of-day-checkin&period=2026-11-26&question=1');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Question 1' })).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit questionnaire' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit questionnaire: Start of day' });
    await within(editor).findByText('1. Focus');
    fireEvent.click(within(editor).getByRole('button', { name: 'Add section' }));
    const form = await screen.findByRole('dialog', { name: 'New section' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Energy' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save section' }));
    await within(editor).findByText('2. Energy');
    // The check-in behind the editor asked again: its progress names the new section.
    await waitFor(() => expect(screen.getByTestId('checkin').textContent).toContain('Energy'));
  });
});
