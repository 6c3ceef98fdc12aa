/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeAnswer } from '../testing/fakeApi';
import WeekPlanModal from './WeekPlanModal';

let fake: ReturnType<typeof installFakeApi>;
let answer: FakeAnswer;

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  fake = installFakeApi((req) => (req.path === '/coaching/generate_action_plan' ? answer : undefined));
});

afterEach(() => fake.uninstall());

const context = () => screen.getByRole('textbox', { name: 'What should this week achieve, and what is on your plate?' });

describe('week-AI action plan', () => {
  it("needs some context, then asks planning's call for the week and shows its outcomes and actions", async () => {
    answer = {
      body: {
        success: true,
        item: { period_type: 'week', period_key: '2026-W10', outcomes: 'Launch the beta', actions: '- Monday: fix the login bug' },
      },
    };
    render(<WeekPlanModal periodKey="2026-W10" onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Action plan: Week 10, 2026 (2 Mar – 8 Mar)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate plan' }));
    expect(screen.getByRole('alert').textContent).toBe('Please provide context for the action plan.');
    expect(fake.calls).toHaveLength(0);
    fireEvent.change(context(), { target: { value: 'Beta launch on Thursday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate plan' }));
    await screen.findByText('Launch the beta');
    expect(screen.getByText('Monday: fix the login bug')).toBeTruthy();
    expect(fake.find('POST', '/coaching/generate_action_plan')[0]?.body).toEqual({
      prompt: 'Beta launch on Thursday',
      period_key: '2026-W10',
      period_type: 'week',
    });
  });

  it('says so when the plan cannot be generated', async () => {
    answer = {
      status: 502,
      body: { success: false, error: 'The AI coach is not available right now.', errors: ['The AI coach is not available right now.'] },
    };
    render(<WeekPlanModal periodKey="2026-W10" onClose={() => undefined} />);
    fireEvent.change(context(), { target: { value: 'Beta launch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate plan' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error generating plan...'));
  });
});
