/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withQueries } from '@cc/ui/testing/queries';
import { PromptEditorModal, type Prompt } from './PromptEditorModal';

afterEach(cleanup);

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A browser drops the focus to the page when the focused button is disabled (the focus fixup
 * rule); jsdom keeps it there, and its blur() ignores a disabled element: do what the browser does.
 */
function emulateFocusFixup(): () => void {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !active.matches(':disabled')) return;
    const page = document.createElement('span');
    page.tabIndex = -1;
    document.body.append(page);
    page.focus();
    page.remove();
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => observer.disconnect();
}

/** A prompt read that answers this prompt. */
const answering = (prompt: Prompt) => ({ queryKey: ['prompt'], queryFn: async () => prompt });

describe('prompt editor', () => {
  it('loads the prompt, then submitting disables the button and reads "Submitting…" until done', async () => {
    const submit = deferred();
    const onSubmit = jest.fn((_prompt: { system: string; user: string }, _count: number | undefined) => submit.promise);
    const onClose = jest.fn();
    render(
      <PromptEditorModal
        title="Edit the prompt for suggested folders"
        prompt={answering({ system: 'You are a coach.', user: 'Suggest 5 folders.' })}
        count={5}
        onSubmit={onSubmit}
        onClose={onClose}
      />,
      { wrapper: withQueries() },
    );
    expect(screen.getByText('Loading prompt…')).toBeTruthy();
    const system = (await screen.findByDisplayValue('You are a coach.')) as HTMLTextAreaElement;
    expect(screen.getByLabelText('User prompt')).toHaveProperty('value', 'Suggest 5 folders.');
    fireEvent.change(system, { target: { value: 'Be brief.' } });
    fireEvent.change(screen.getByLabelText('Number of folders'), { target: { value: '8' } });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit prompt' }));
    });
    const busy = screen.getByRole('button', { name: /Submitting…/ }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.querySelector('.spinner')).not.toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({ system: 'Be brief.', user: 'Suggest 5 folders.' }, 8);

    await act(async () => submit.resolve());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('on failure enables the button again and shows "Error regenerating suggestions."', async () => {
    const onClose = jest.fn();
    render(
      <PromptEditorModal
        title="Edit the prompt for suggested files"
        prompt={answering({ system: 's', user: 'u' })}
        onSubmit={() => Promise.reject(new Error('model down'))}
        onClose={onClose}
      />,
      { wrapper: withQueries() },
    );
    await screen.findByDisplayValue('s');
    expect(screen.queryByLabelText('Number of folders')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit prompt' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error regenerating suggestions.');
    expect((screen.getByRole('button', { name: 'Submit prompt' }) as HTMLButtonElement).disabled).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('after a failed submit the focus stays in the dialog: Tab is kept inside and Escape closes it', async () => {
    const stop = emulateFocusFixup();
    try {
      const user = userEvent.setup();
      const onClose = jest.fn();
      const submit = deferred();
      render(
        <PromptEditorModal
          title="Edit the prompt for suggested files"
          prompt={answering({ system: 's', user: 'u' })}
          onSubmit={() => submit.promise}
          onClose={onClose}
        />,
        { wrapper: withQueries() },
      );
      await screen.findByDisplayValue('s');
      const dialog = screen.getByRole('dialog', { name: 'Edit the prompt for suggested files' });
      await user.click(screen.getByRole('button', { name: 'Submit prompt' }));
      expect((screen.getByRole('button', { name: /Submitting…/ }) as HTMLButtonElement).disabled).toBe(true);
      await act(async () => submit.reject(new Error('model down')));
      await screen.findByRole('alert');
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      for (let i = 0; i < 6; i += 1) {
        await user.tab();
        expect(dialog.contains(document.activeElement)).toBe(true);
      }
      await user.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});
