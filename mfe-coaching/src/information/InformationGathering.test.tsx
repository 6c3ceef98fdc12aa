/** @jest-environment jsdom */
import '../testing/textEncoder';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { formatDateTime } from '@cc/contracts/dates';
import { MemoryRouter, useLocation } from '@cc/ui/router';
import { installFakeApi, type FakeAnswer } from '../testing/fakeApi';
import InformationGathering from './InformationGathering';

let here = '';
function Probe() {
  const location = useLocation();
  here = `${location.pathname}${location.search}`;
  return null;
}

/** The tab as the page renders it: the archived plan the address names, if any. */
const renderAt = (plan: number | null = null) =>
  render(
    <MemoryRouter
      initialEntries={[plan === null ? '/coaching?tab=information-gathering' : `/coaching?tab=information-gathering&plan=${plan}`]}
    >
      <InformationGathering archivedPlan={plan} />
      <Probe />
    </MemoryRouter>,
  );

let fake: ReturnType<typeof installFakeApi>;
let existing: object | null;
let submitted: FakeAnswer;
let archived: FakeAnswer;

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  existing = null;
  fake = installFakeApi((req) => {
    if (req.path === '/coaching/information_gathering_prompt')
      return { body: { success: true, prompt: 'Tell me about your role.', has_existing_plan: existing !== null, existing_plan: existing } };
    if (req.path === '/coaching/submit_coaching_plan') return submitted;
    if (req.path === '/coaching/archived_plans') return archived;
    return undefined;
  });
});

afterEach(() => fake.uninstall());

const view = () => screen.getByTestId('information-gathering').getAttribute('data-view');

describe('information gathering', () => {
  it('shows the saved plan; Update plan returns to the editor; a blank prompt is refused; a failed submit says so', async () => {
    existing = { response: '## Your plan\n\nTalk to your team.', created_at: '2026-03-02T08:00:00Z' };
    submitted = { status: 502, body: { success: false, error: 'down', errors: ['down'] } };
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
    archived = { body: { success: true, plans: [] } };
    renderAt();
    await screen.findByRole('button', { name: 'Submit' });
    expect(view()).toBe('editor');
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    await screen.findByText('No archived plans yet.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    archived = { status: 500, body: { success: false, errors: ['boom'] } };
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    await screen.findByText('Error loading archived plans.');
  });

  it('opens the archived plan its address names, unfolded, with its dates in the compact form; closing drops it from the address', async () => {
    archived = {
      body: {
        success: true,
        plans: [
          { id: 8, prompt: 'p', response: '**Newer** plan', created_at: '2026-05-04T10:00:00Z', archived_at: '2026-06-01T10:00:00Z' },
          {
            id: 5,
            prompt: 'p',
            response: '## Older plan\n\nAsk about delegation.',
            created_at: '2025-03-02T10:00:00Z',
            archived_at: '2026-05-04T10:00:00Z',
          },
        ],
      },
    };
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
});
