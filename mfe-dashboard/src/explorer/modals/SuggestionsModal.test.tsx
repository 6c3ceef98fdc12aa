/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installContractApi, type ContractRoutes } from '@cc/ui/testing/contract-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { folderPromptQuery, suggestedFoldersQuery, type Suggestion } from '../api/suggestions';
import { SuggestionsModal, type SuggestionsModalProps } from './SuggestionsModal';

type Served = ReturnType<typeof installContractApi>;
let api: Served | null = null;

beforeEach(() => {
  localStorage.clear();
  serve();
});
afterEach(() => {
  cleanup();
  api?.uninstall();
  api?.assertNoViolations();
  api = null;
});

const TWO: Suggestion[] = [
  { name: 'work-profile', description: 'Your role' },
  { name: 'past-projects', description: 'Done work' },
];

/** svc-files' suggestion calls with this data (the list by default: two suggestions). */
function serve(routes: ContractRoutes = {}): Served {
  api?.uninstall();
  api?.assertNoViolations();
  api = installContractApi({
    'GET /profile/suggested_folders': () => ({ success: true, suggestions: TWO }),
    'GET /profile/folder_suggestion_prompt': () => ({ success: true, system: 's', user: 'u' }),
    ...routes,
  });
  return api;
}

function setup(overrides: Partial<SuggestionsModalProps> = {}, client = testQueryClient()) {
  const props: SuggestionsModalProps = {
    title: 'Suggested folders',
    list: suggestedFoldersQuery,
    countKey: 'aiFoldersCount',
    noun: 'folders',
    onCreate: jest.fn(async () => 'remove' as const),
    onReject: jest.fn(),
    prompt: folderPromptQuery,
    regenerate: jest.fn(async () => [{ name: 'career-goals', description: 'Goals' }] as Suggestion[]),
    promptCount: true,
    onClose: jest.fn(),
    ...overrides,
  };
  render(<SuggestionsModal {...props} />, { wrapper: withQueries(client) });
  return props;
}

describe('suggestions modal', () => {
  it('shows "Loading suggestions..." then the list; empty → "No suggestions yet."; failure → "No suggestions."', async () => {
    let finish!: (items: Suggestion[]) => void;
    serve({
      'GET /profile/suggested_folders': () => new Promise((resolve) => (finish = (suggestions) => resolve({ success: true, suggestions }))),
    });
    setup();
    expect(screen.getByText('Loading suggestions...')).toBeTruthy();
    await act(async () => finish([]));
    expect(await screen.findByText('No suggestions yet.')).toBeTruthy();
    cleanup();
    const error = 'The AI coach is not available right now.';
    serve({ 'GET /profile/suggested_folders': () => ({ status: 502, body: { success: false, error, errors: [error] } }) });
    setup();
    expect(await screen.findByText('No suggestions.')).toBeTruthy();
  });

  it('count: default 5, remembered in aiFoldersCount, non-numeric → 5, passed to the list', async () => {
    setup();
    const input = screen.getByLabelText('Number of folders') as HTMLInputElement;
    expect(input.value).toBe('5');
    await screen.findByText('work-profile');
    expect(api!.find('GET', '/profile/suggested_folders')[0]!.query.get('count')).toBe('5');
    fireEvent.change(input, { target: { value: '9' } });
    expect(localStorage.getItem('aiFoldersCount')).toBe('9');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(localStorage.getItem('aiFoldersCount')).toBe('5');
    expect(input.value).toBe('5');
    cleanup();
    localStorage.setItem('aiFilesCount', '3');
    setup({ countKey: 'aiFilesCount', noun: 'files', title: 'Suggested files' });
    expect((screen.getByLabelText('Number of files') as HTMLInputElement).value).toBe('3');
    await screen.findByText('work-profile');
  });

  it('create removes a created suggestion; reject removes it whatever the call does', async () => {
    const props = setup();
    await screen.findByText('work-profile');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create work-profile' }));
    });
    expect(props.onCreate).toHaveBeenCalledWith({ name: 'work-profile', description: 'Your role' });
    expect(screen.queryByText('work-profile')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reject past-projects' }));
    expect(props.onReject).toHaveBeenCalledWith({ name: 'past-projects', description: 'Done work' });
    expect(await screen.findByText('No suggestions yet.')).toBeTruthy();
  });

  it('ignores a suggestion without a name', async () => {
    serve({ 'GET /profile/suggested_folders': () => ({ success: true, suggestions: [{ name: '', description: 'nameless' }] }) });
    const props = setup();
    await screen.findByText('nameless');
    const item = screen.getByTestId('suggestion');
    for (const button of within(item).getAllByRole('button')) {
      fireEvent.click(button);
    }
    expect(props.onCreate).not.toHaveBeenCalled();
    expect(props.onReject).not.toHaveBeenCalled();
  });

  it('Edit prompt & generate: success refreshes the list (fresh flag cleared after 300 ms); failure shows the red text in the list', async () => {
    jest.useFakeTimers();
    try {
      const props = setup();
      await screen.findByText('work-profile');
      fireEvent.click(screen.getByRole('button', { name: 'Edit prompt & generate' }));
      const editor = await screen.findByRole('dialog', { name: 'Edit the prompt for suggested folders' });
      await within(editor).findByDisplayValue('s');
      await act(async () => {
        fireEvent.click(within(editor).getByRole('button', { name: 'Submit prompt' }));
      });
      expect(props.regenerate).toHaveBeenCalledWith({ system: 's', user: 'u' }, 5);
      expect(screen.getByText('career-goals')).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: 'Edit the prompt for suggested folders' })).toBeNull();
      const list = screen.getByTestId('suggestion-list');
      expect(list.className).toContain('is-fresh');
      await act(async () => {
        jest.advanceTimersByTime(299);
      });
      expect(list.className).toContain('is-fresh');
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(list.className).not.toContain('is-fresh');
    } finally {
      jest.useRealTimers();
    }

    cleanup();
    setup({ regenerate: () => Promise.reject(new Error('model down')) });
    await screen.findByText('work-profile');
    fireEvent.click(screen.getByRole('button', { name: 'Edit prompt & generate' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit the prompt for suggested folders' });
    await within(editor).findByDisplayValue('s');
    await act(async () => {
      fireEvent.click(within(editor).getByRole('button', { name: 'Submit prompt' }));
    });
    await waitFor(() => expect(within(screen.getByTestId('suggestion-list')).getByText('Error regenerating suggestions.')).toBeTruthy());
    const error = within(screen.getByTestId('suggestion-list')).getByText('Error regenerating suggestions.');
    expect(error.className).toContain('dash-error');
    expect((within(editor).getByRole('button', { name: 'Submit prompt' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('opens again with the last list at once (a created one gone), whatever the count, and reads it again', async () => {
    const client = testQueryClient();
    setup({}, client);
    await screen.findByText('work-profile');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create work-profile' }));
    });
    cleanup();
    localStorage.setItem('aiFoldersCount', '8');
    let answer!: () => void;
    serve({
      'GET /profile/suggested_folders': () =>
        new Promise((resolve) => (answer = () => resolve({ success: true, suggestions: [{ name: 'fresh', description: '' }] }))),
    });
    setup({}, client);
    expect(screen.queryByText('Loading suggestions...')).toBeNull();
    expect(screen.queryByText('work-profile')).toBeNull();
    expect(screen.getByText('past-projects')).toBeTruthy();
    expect(api!.find('GET', '/profile/suggested_folders')[0]!.query.get('count')).toBe('8');
    await act(async () => answer());
    expect(await screen.findByText('fresh')).toBeTruthy();
  });
});
