/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { PROFILE_MESSAGES as M } from '@cc/contracts/profile-rules';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';
import { installFakeApi, type FakeAnswer } from '@cc/ui/testing/fake-api';
import { deferred, profileWith, renderPanel } from './testing';

let fake: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  localStorage.clear();
  setStorageAccount('7');
});
afterEach(() => {
  fake.uninstall();
  forgetStorageAccount();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const loadingText = () => screen.getByTestId('aboutme-loading').textContent?.trim();

const generation = (state: string, phase: string, progress: number) => ({
  id: 3,
  research_mode: 'deep',
  state,
  phase,
  progress,
  attempts: 1,
  error: null,
  created_at: '2026-11-23T10:00:00Z',
  started_at: '2026-11-23T10:00:01Z',
  finished_at: null,
});

describe('the About me panel over time', () => {
  it("saves a detail 700 ms after the last keystroke; 'Save failed' shows for 2 seconds", async () => {
    fake = installFakeApi((req) => {
      if (req.path === '/profile' && req.method === 'GET') return { body: profileWith({}) };
      if (req.path === '/profile/generation_status') return { body: { success: true, generation: null } };
      if (req.path === '/profile' && req.method === 'PATCH') return { status: 422, body: { success: false, errors: ['Refused.'] } };
      return undefined;
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPanel();
    await advance(0);
    fireEvent.change(await screen.findByLabelText('Role'), { target: { value: 'CTO' } });
    await advance(699);
    expect(fake.find('PATCH', '/profile')).toHaveLength(0);
    await advance(1);
    expect(fake.find('PATCH', '/profile').map((c) => c.body)).toEqual([{ details: { role: 'CTO' } }]);
    await advance(0);
    expect(screen.getByTestId('aboutme-save').textContent).toBe(M.saveFailed);
    await advance(1_999);
    expect(screen.getByTestId('aboutme-save').textContent).toBe(M.saveFailed);
    await advance(1);
    expect(screen.getByTestId('aboutme-save').textContent).toBe('');
  });

  it('hints after 8 s, polls the profile every 2 s when the narrative fails, and gives up after 20 s', async () => {
    const narrative = deferred<FakeAnswer>();
    fake = installFakeApi((req) => {
      if (req.path === '/profile') return { body: profileWith({ ai_profile_narrative: 'The old summary.' }) };
      if (req.path === '/profile/generation_status') return { body: { success: true, generation: null } };
      if (req.path === '/profile/generate_narrative') return narrative.promise;
      return undefined;
    });
    renderPanel();
    await advance(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Update narrative' }));
    await advance(7_999);
    expect(loadingText()).not.toContain(M.narrativeHint);
    await advance(1);
    expect(loadingText()).toBe(M.narrativeHint);

    narrative.resolve({ status: 502, body: { success: false, error: 'down', errors: ['down'] } });
    await advance(0);
    const polls = () => fake.find('GET', '/profile').length - 1;
    await advance(2_000);
    expect(polls()).toBe(1);
    // The summary written before this one does not count as the new one.
    await advance(16_000);
    expect(polls()).toBe(9);
    expect(loadingText()).toBe(M.narrativeHint);
    await advance(2_000);
    expect(polls()).toBe(10);
    // The failure is said beside the summary the user had, with Retry; the screen is not wiped.
    expect(screen.queryByTestId('aboutme-loading')).toBeNull();
    expect(screen.getByTestId('aboutme-error').textContent).toContain(M.narrativeFailed);
    expect(screen.getByTestId('aboutme-narrative').textContent).toContain('The old summary.');
    await advance(10_000);
    expect(polls()).toBe(10);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(fake.find('POST', '/profile/generate_narrative')).toHaveLength(2);
    expect(screen.queryByTestId('aboutme-error')).toBeNull();
  });

  it('takes a narrative that arrives while polling', async () => {
    let narrativeNow = '';
    fake = installFakeApi((req) => {
      if (req.path === '/profile') return { body: profileWith({ ai_profile_markdown: '- a', ai_profile_narrative: narrativeNow }) };
      if (req.path === '/profile/generation_status') return { body: { success: true, generation: null } };
      if (req.path === '/profile/generate_narrative') return { status: 502, body: { success: false, error: 'x', errors: ['x'] } };
      return undefined;
    });
    renderPanel();
    await advance(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Update narrative' }));
    await advance(4_000);
    narrativeNow = 'Written at last.';
    await advance(2_000);
    expect(screen.getByTestId('aboutme-narrative').textContent).toContain('Written at last.');
    expect(screen.queryByTestId('aboutme-loading')).toBeNull();
  });

  it('resumes a deep research after a reload: its phase and progress, then the result and the rest of the chain', async () => {
    const statuses = [generation('running', 'writing', 60), generation('running', 'extracting', 90), generation('done', 'done', 100)];
    let done = false;
    fake = installFakeApi((req) => {
      if (req.path === '/profile') {
        return {
          body: profileWith(
            done ? { ai_profile_markdown: '- Led the migration', statements: [{ text: 'Led the migration', source: '' }] } : {},
          ),
        };
      }
      if (req.path === '/profile/generation_status') {
        const next = statuses.shift() ?? generation('done', 'done', 100);
        done = next.state === 'done';
        return { body: { success: true, generation: next } };
      }
      if (req.path === '/profile/generate_company_statements')
        return { body: { success: true, company_statements: { Acme: [{ text: 'Acme sells rockets', source: 'Acme' }] } } };
      if (req.path === '/profile/generate_narrative') return { body: { success: true, narrative: 'A builder.' } };
      return undefined;
    });
    renderPanel();
    await advance(0);
    await advance(0);
    expect(screen.getByRole('tab', { name: 'AI' }).getAttribute('aria-selected')).toBe('true');
    expect(loadingText()).toContain(M.deepResearchLoading);
    expect(screen.getByTestId('aboutme-phase').textContent).toBe('Writing your profile · 60%');
    await advance(3_000);
    expect(screen.getByTestId('aboutme-phase').textContent).toBe('Gathering the statements · 90%');
    await advance(3_000);
    await advance(0);
    expect(screen.getByText('Led the migration')).toBeTruthy();
    expect(screen.getByText('Acme sells rockets')).toBeTruthy();
    expect(screen.getByTestId('aboutme-narrative').textContent).toContain('A builder.');
    expect(fake.find('POST', '/profile/generate')).toHaveLength(0);
  });

  it('a deep research found after a reload that then fails: the statements before stay, the failure beside them, and Retry runs it again', async () => {
    const statuses = [generation('running', 'writing', 60), { ...generation('failed', 'writing', 60), error: 'The model stopped.' }];
    fake = installFakeApi((req) => {
      if (req.path === '/profile')
        return { body: profileWith({ ai_profile_markdown: '- a', statements: [{ text: 'Kept from before.', source: '' }] }) };
      if (req.path === '/profile/generation_status') return { body: { success: true, generation: statuses.shift() ?? null } };
      if (req.path === '/profile/generate') return { status: 502, body: { success: false, error: 'x', errors: ['x'] } };
      return undefined;
    });
    renderPanel();
    await advance(0);
    await advance(0);
    await advance(3_000);
    await advance(0);
    expect(screen.getByTestId('aboutme-error').textContent).toContain(M.generateFailed);
    expect(screen.getByText('Kept from before.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(fake.find('POST', '/profile/generate').map((c) => c.body)).toEqual([
      { details: { full_name: '', company: '', company_description: '', role: '', extra: '' }, research_mode: 'deep' },
    ]);
  });
});
