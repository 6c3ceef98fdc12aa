/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeRequest } from '../testing/fakeApi';
import CoachingPage from './CoachingPage';
import { ACTIVE_TAB_KEY } from './tabs';

const question = (id: number, score: number | null) => ({
  id,
  title: `Question ${id}`,
  text: `What about ${id}?`,
  prompt: '',
  position: id,
  onboarding_section_id: 1,
  questionnaire_type: 'start_of_day',
  score,
  has_notes: false,
  recent_scores: [
    { period_key: '2026-03-01', score: null },
    { period_key: '2026-03-02', score },
  ],
});

let isAdmin = false;
let fake: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  localStorage.clear();
  isAdmin = false;
  fake = installFakeApi((req: FakeRequest) => {
    if (req.path !== '/coaching/questionnaire_sections') return undefined;
    const type = req.query.get('type');
    return {
      body: {
        success: true,
        questionnaire_type: type,
        period_key: req.query.get('period_key'),
        sections: [
          {
            id: 1,
            title: 'Focus',
            description: 'What matters',
            position: 1,
            questionnaire_type: type,
            questions: [question(1, 82), question(2, null)],
          },
        ],
        is_admin: isAdmin,
        summary: { answered: 1, total: 2, average_score: 82 },
      },
    };
  });
});

afterEach(() => fake.uninstall());

const purpose = () => screen.findByRole('dialog', { name: /Start of day|End of day|Monthly review/ });

describe('coaching page', () => {
  it('opens on the start-of-day check-in with its purpose, the summary line and the questions with their scores', async () => {
    render(<CoachingPage />);
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
    const { unmount } = render(<CoachingPage />);
    fireEvent.click(
      within(await purpose())
        .getAllByRole('button', { name: 'Close' })
        .at(-1)!,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Monthly' }));
    expect((await purpose()).textContent).toContain('Step back from the weeks');
    expect(JSON.parse(localStorage.getItem(ACTIVE_TAB_KEY) ?? 'null')).toBe('monthly-checkin');
    unmount();
    render(<CoachingPage />);
    expect(screen.getByRole('tab', { name: 'Monthly' }).getAttribute('aria-selected')).toBe('true');
    expect((await purpose()).textContent).toContain('Step back from the weeks');
  });

  it('shows the questionnaire editor button to administrators only', async () => {
    isAdmin = true;
    render(<CoachingPage />);
    expect(await screen.findByRole('button', { name: 'Edit questionnaire' })).toBeTruthy();
  });
});
