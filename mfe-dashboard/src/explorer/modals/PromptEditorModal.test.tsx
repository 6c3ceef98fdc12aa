/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PromptEditorModal } from './PromptEditorModal';

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

describe('prompt editor', () => {
  it('loads the prompt, then submitting disables the button and reads "Submitting…" until done', async () => {
    const submit = deferred();
    const onSubmit = jest.fn((_prompt: { system: string; user: string }, _count: number | undefined) => submit.promise);
    const onClose = jest.fn();
    render(
      <PromptEditorModal
        title="Edit the prompt for suggested folders"
        load={async () => ({ system: 'You are a coach.', user: 'Suggest 5 folders.' })}
        count={5}
        onSubmit={onSubmit}
        onClose={onClose}
      />,
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
        load={async () => ({ system: 's', user: 'u' })}
        onSubmit={() => Promise.reject(new Error('model down'))}
        onClose={onClose}
      />,
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
});
