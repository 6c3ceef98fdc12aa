/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { installFakeApi, type FakeAnswer } from '../testing/fakeApi';
import InformationGathering from './InformationGathering';

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
    render(<InformationGathering />);
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
    render(<InformationGathering />);
    await screen.findByRole('button', { name: 'Submit' });
    expect(view()).toBe('editor');
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    await screen.findByText('No archived plans yet.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    archived = { status: 500, body: { success: false, errors: ['boom'] } };
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    await screen.findByText('Error loading archived plans.');
  });
});
