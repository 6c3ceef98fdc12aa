/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeKey } from '@cc/client/query';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import WeekPlanModal from './WeekPlanModal';

const AI_DOWN = 'The AI coach is not available right now.';
let fake: ReturnType<typeof installContractApi>;
let down: boolean;

beforeEach(() => {
  down = false;
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  fake = installContractApi({
    'POST /coaching/generate_action_plan': ({ body }) => {
      const { period_key } = body as { period_key: string };
      if (down) return { status: 502, body: { success: false, error: AI_DOWN, errors: [AI_DOWN] } };
      return {
        success: true,
        item: { period_type: 'week', period_key, outcomes: 'Launch the beta', actions: '- Monday: fix the login bug' },
      };
    },
  });
});

afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

const context = () => screen.getByRole('textbox', { name: 'What should this week achieve, and what is on your plate?' });

describe('week-AI action plan', () => {
  it("needs some context, then asks planning's call for the week, shows its outcomes and actions, and refreshes planning's weeks", async () => {
    const client = testQueryClient();
    // Planning's weeks, read earlier in this visit: the outcomes just kept make them out of date.
    client.setQueryData(routeKey('GET /coaching/timeline_items'), { success: true, items: [], migration_needed: false });
    render(<WeekPlanModal periodKey="2026-W10" onClose={() => undefined} />, { wrapper: withQueries(client) });
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
    expect(client.getQueryState(routeKey('GET /coaching/timeline_items'))?.isInvalidated).toBe(true);
  });

  it('says so when the plan cannot be generated', async () => {
    down = true;
    render(<WeekPlanModal periodKey="2026-W10" onClose={() => undefined} />, { wrapper: withQueries() });
    fireEvent.change(context(), { target: { value: 'Beta launch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate plan' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error generating plan...'));
  });
});
