/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ArchivedCoachingPlan } from '@cc/contracts/coaching';
import { formatDateTime } from '@cc/contracts/dates';
import { MemoryRouter, useLocation } from '@cc/ui/router';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import InformationGathering from './InformationGathering';

let here = '';
function Probe() {
  const location = useLocation();
  here = `${location.pathname}${location.search}`;
  return null;
}

/** The tab as the page renders it: the archived plan the address names, if any. */
const renderAt = (plan: number | null = null, client = testQueryClient()) =>
  render(
    <MemoryRouter
      initialEntries={[plan === null ? '/coaching?tab=information-gathering' : `/coaching?tab=information-gathering&plan=${plan}`]}
    >
      <InformationGathering archivedPlan={plan} />
      <Probe />
    </MemoryRouter>,
    { wrapper: withQueries(client) },
  );

const AI_DOWN = 'The AI coach is not available right now.';
let fake: ReturnType<typeof installContractApi>;
let existing: { response: string; created_at: string } | null;
let aiDown: boolean;
let archived: ArchivedCoachingPlan[] | 'down';

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  existing = null;
  aiDown = false;
  archived = [];
  fake = installContractApi({
    'GET /coaching/information_gathering_prompt': () => ({
      success: true,
      prompt: 'Tell me about your role.',
      has_existing_plan: existing !== null,
      existing_plan: existing,
    }),
    // As the service does: the plan before the new one is archived.
    'POST /coaching/submit_coaching_plan': ({ body }) => {
      if (aiDown) return { status: 502, body: { success: false, error: AI_DOWN, errors: [AI_DOWN] } };
      const plan = { response: `A plan for: ${(body as { prompt: string }).prompt}`, created_at: '2026-06-02T09:00:00Z' };
      if (existing && archived !== 'down')
        archived = [{ id: archived.length + 1, prompt: 'p', ...existing, archived_at: plan.created_at }, ...archived];
      existing = plan;
      return { success: true, ...plan };
    },
    'GET /coaching/archived_plans': () =>
      archived === 'down' ? { status: 500, body: { success: false, errors: ['boom'] } } : { success: true, plans: archived },
  });
});

afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

const view = () => screen.getByTestId('information-gathering').getAttribute('data-view');

describe('information gathering', () => {
  it('shows the saved plan; Update plan returns to the editor; a blank prompt is refused; a failed submit says so', async () => {
    existing = { response: '## Your plan\n\nTalk to your team.', created_at: '2026-03-02T08:00:00Z' };
    aiDown = true;
    renderAt();
    expect(view()).toBe('loading');
    await screen.findByText('Talk to your team.');
    expect(view()).toBe('response');
    fireEvent.click(screen.getByRole('button', { name: 'Update plan' }));
    const prompt = screen.getByRole('textbox');
    expect((prompt as HTMLTextAreaElement).value).toBe('Tell me about your role.');
    fireEvent.change(prompt, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a prompt');
    fireEvent.change(prompt, { target: { value: 'I lead a team.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Error submitting plan. Please try again.');
    expect(view()).toBe('editor');
  });

  it('opens on the editor without a plan, and the archived plans say when there are none or they cannot be loaded', async () => {
    renderAt();
    await screen.findByRole('button', { name: 'Submit' });
    expect(view()).toBe('editor');
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    await screen.findByText('No archived plans yet.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    archived = 'down';
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    await screen.findByText('Error loading archived plans.');
  });

  it('opens the archived plan its address names, unfolded, with its dates in the compact form; closing drops it from the address', async () => {
    archived = [
      { id: 8, prompt: 'p', response: '**Newer** plan', created_at: '2026-05-04T10:00:00Z', archived_at: '2026-06-01T10:00:00Z' },
      {
        id: 5,
        prompt: 'p',
        response: '## Older plan\n\nAsk about delegation.',
        created_at: '2025-03-02T10:00:00Z',
        archived_at: '2026-05-04T10:00:00Z',
      },
    ];
    renderAt(5);
    const dialog = await screen.findByRole('dialog', { name: 'Archived plans' });
    await screen.findByText('Ask about delegation.');
    const plans = dialog.querySelectorAll('details');
    expect([...plans].map((d) => [d.getAttribute('data-plan-id'), d.open])).toEqual([
      ['8', false],
      ['5', true],
    ]);
    // With the time, so two plans of one day differ; the year only when it is not this one.
    expect(plans[1]!.querySelector('summary')!.textContent).toBe(
      `Written ${formatDateTime('2025-03-02T10:00:00Z', '2026-01-01')}, archived ${formatDateTime('2026-05-04T10:00:00Z')}`,
    );
    expect(plans[1]!.querySelector('summary')!.textContent).toMatch(/^Written Sun 2 Mar 2025, \d{1,2}:00, archived /);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(here).toBe('/coaching?tab=information-gathering'));
  });

  it('a plan submitted shows at once, and the archived plans, read before, then hold the plan it replaced', async () => {
    existing = { response: 'The first plan.', created_at: '2026-03-02T08:00:00Z' };
    // Answers stay fresh, as in the product: only the submit's invalidation asks again.
    const client = testQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, staleTime: Infinity } });
    renderAt(null, client);
    await screen.findByText('The first plan.');
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    await screen.findByText('No archived plans yet.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Update plan' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'I lead a team.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('A plan for: I lead a team.');
    expect(view()).toBe('response');
    // The plan is the answer's: nothing asked again for it.
    expect(fake.find('GET', '/coaching/information_gathering_prompt')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archived plans' });
    await waitFor(() => expect(dialog.querySelectorAll('details')).toHaveLength(1));
    expect(dialog.textContent).toContain('The first plan.');
    expect(fake.find('GET', '/coaching/archived_plans')).toHaveLength(2);
  });
});
