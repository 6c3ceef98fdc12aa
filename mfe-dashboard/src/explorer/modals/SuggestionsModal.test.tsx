/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Suggestion } from '../actions/useSuggestionActions';
import { suggestionCache, SuggestionsModal, type SuggestionsModalProps } from './SuggestionsModal';

beforeEach(() => {
  localStorage.clear();
  suggestionCache.clear();
});
afterEach(cleanup);

function setup(overrides: Partial<SuggestionsModalProps> = {}) {
  const props: SuggestionsModalProps = {
    title: 'Suggested folders',
    cacheKey: 'folders',
    countKey: 'aiFoldersCount',
    noun: 'folders',
    fetchList: jest.fn(async () => [
      { name: 'work-profile', description: 'Your role' },
      { name: 'past-projects', description: 'Done work' },
    ]),
    onCreate: jest.fn(async () => 'remove' as const),
    onReject: jest.fn(),
    loadPrompt: jest.fn(async () => ({ system: 's', user: 'u' })),
    regenerate: jest.fn(async () => [{ name: 'career-goals', description: 'Goals' }] as Suggestion[]),
    promptCount: true,
    onClose: jest.fn(),
    ...overrides,
  };
  render(<SuggestionsModal {...props} />);
  return props;
}

describe('suggestions modal', () => {
  it('shows "Loading suggestions..." then the list; empty → "No suggestions yet."; failure → "No suggestions."', async () => {
    let finish!: (items: Suggestion[]) => void;
    setup({ fetchList: () => new Promise((resolve) => (finish = resolve)) });
    expect(screen.getByText('Loading suggestions...')).toBeTruthy();
    await act(async () => finish([]));
    expect(screen.getByText('No suggestions yet.')).toBeTruthy();
    cleanup();
    suggestionCache.clear();
    setup({ fetchList: () => Promise.reject(new Error('down')) });
    expect(await screen.findByText('No suggestions.')).toBeTruthy();
  });

  it('count: default 5, remembered in aiFoldersCount, non-numeric → 5, passed to the list', async () => {
    const props = setup();
    const input = screen.getByLabelText('Number of folders') as HTMLInputElement;
    expect(input.value).toBe('5');
    await screen.findByText('work-profile');
    expect(props.fetchList).toHaveBeenCalledWith(5, expect.anything());
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
    expect(screen.getByText('No suggestions yet.')).toBeTruthy();
  });

  it('ignores a suggestion without a name', async () => {
    const props = setup({ fetchList: async () => [{ name: '', description: 'nameless' }] });
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
});
