/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from '../Modal';
import { DialogProvider, useDialogs } from './index';
import type { Dialogs } from './types';

afterEach(cleanup);

/** A page with one button that asks `ask` and shows the answer. */
function Page({ ask }: { ask: (dialogs: Dialogs) => Promise<unknown> }) {
  const dialogs = useDialogs();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => void ask(dialogs).then((a) => setAnswer(JSON.stringify(a) ?? 'undefined'))}>
        Ask
      </button>
      <output data-testid="answer">{answer}</output>
    </>
  );
}

function renderPage(ask: (dialogs: Dialogs) => Promise<unknown>) {
  const user = userEvent.setup();
  const view = render(
    <DialogProvider>
      <Page ask={ask} />
    </DialogProvider>,
  );
  return { user, view, opener: screen.getByRole('button', { name: 'Ask' }), answer: () => screen.getByTestId('answer').textContent };
}

const folderName = (existing: string[]) => (value: string) =>
  !value.trim() ? 'Please enter a folder name.' : existing.includes(value.trim()) ? 'Folder already exists.' : null;

/** Backdrops that dim the page (a dialog over another has a see-through one). */
const dimmingBackdrops = () =>
  screen.queryAllByTestId('cc-modal-backdrop').filter((b) => !b.classList.contains('cc-modal-backdrop-stacked'));

describe('prompt', () => {
  it('asks in an in-app dialog; Enter submits the text and the focus returns to the opener', async () => {
    const { user, opener, answer } = renderPage((d) => d.prompt({ title: 'Rename file', label: 'New file name:', initial: 'draft.md' }));
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Rename file' });
    const field = within(dialog).getByLabelText('New file name:') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    // The proposed answer is selected: typing replaces it.
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'draft.md'.length]);
    await user.keyboard('final{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(answer()).toBe('"final"');
    expect(document.activeElement).toBe(opener);
  });

  it('Escape, Cancel and the × button answer null, and the focus returns to the opener', async () => {
    const { user, opener, answer } = renderPage((d) => d.prompt({ title: 'New folder', label: 'Folder name:' }));
    for (const close of [
      () => user.keyboard('{Escape}'),
      () => user.click(screen.getByRole('button', { name: 'Cancel' })),
      () => user.click(screen.getByRole('button', { name: 'Close' })),
    ]) {
      await user.click(opener);
      await screen.findByRole('dialog', { name: 'New folder' });
      await user.keyboard('typed');
      await close();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(answer()).toBe('null');
      expect(document.activeElement).toBe(opener);
    }
  });

  it('reports a bad name as it is typed: the message under the field, the field invalid, OK disabled', async () => {
    const { user, opener, answer } = renderPage((d) =>
      d.prompt({ title: 'New folder', label: 'Folder name:', validate: folderName(['career-goals']), confirmLabel: 'Next' }),
    );
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    const field = within(dialog).getByLabelText('Folder name:');
    const next = within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    // Untouched: no message yet.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');

    await user.type(field, 'career-goals');
    const problem = within(dialog).getByRole('alert');
    expect(problem.textContent).toBe('Folder already exists.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(problem.id);
    expect(next.disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'New folder' })).toBeTruthy();

    await user.type(field, '-2026');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(next.disabled).toBe(false);
    await user.keyboard('{Enter}');
    expect(answer()).toBe('"career-goals-2026"');
  });

  it('an empty answer submitted at once shows the message instead of answering', async () => {
    const { user, opener, answer } = renderPage((d) => d.prompt({ title: 'New folder', label: 'Folder name:', validate: folderName([]) }));
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a folder name.');
    expect(answer()).toBe('none');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Folder name:'));
  });
});

describe('confirm and alert', () => {
  it('confirm answers true only for its button', async () => {
    const { user, opener, answer } = renderPage((d) =>
      d.confirm({ title: 'Create file', message: '"plan" is not in the folder "coaching" yet. Create it?', confirmLabel: 'Create' }),
    );
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Create file' });
    expect(dialog.textContent).toContain('"plan" is not in the folder "coaching" yet. Create it?');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Create' }));
    await user.keyboard('{Enter}');
    expect(answer()).toBe('true');
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Create file' });
    await user.keyboard('{Escape}');
    expect(answer()).toBe('false');
    expect(document.activeElement).toBe(opener);
  });

  it('a dangerous confirm starts on Cancel, so Enter never deletes', async () => {
    const { user, opener, answer } = renderPage((d) =>
      d.confirm({ title: 'Delete file', message: 'Delete "a.md"? This cannot be undone.', confirmLabel: 'Delete', danger: true }),
    );
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(answer()).toBe('false');
    await user.click(opener);
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete file' })).getByRole('button', { name: 'Delete' }));
    expect(answer()).toBe('true');
  });

  it('alert shows the message, focuses OK, and answers when dismissed', async () => {
    const { user, opener, answer } = renderPage((d) => d.alert({ title: 'Error creating folder', message: 'Error creating folder.' }));
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Error creating folder' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Error creating folder.');
    // A screen reader reads the message with the dialog's name as it opens.
    expect(screen.getByRole('dialog', { description: 'Error creating folder.' })).toBe(dialog);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'OK' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(answer()).toBe('undefined');
    expect(document.activeElement).toBe(opener);
  });
});

describe('one dialog at a time', () => {
  it('an alert raised while a prompt is open goes on top with one backdrop; the prompt comes back as it was', async () => {
    let dialogs: Dialogs | undefined;
    const { user, opener, answer } = renderPage((d) => {
      dialogs = d;
      return d.prompt({ title: 'New folder', label: 'Folder name:' });
    });
    await user.click(opener);
    const prompt = await screen.findByRole('dialog', { name: 'New folder' });
    await user.keyboard('career');
    let alerted = false;
    await act(async () => {
      void dialogs!.alert({ title: 'Error creating file', message: 'Error creating file. Please try again.' }).then(() => (alerted = true));
    });
    const alert = await screen.findByRole('dialog', { name: 'Error creating file' });
    expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(2);
    expect(dimmingBackdrops()).toHaveLength(1);
    expect(alert.contains(document.activeElement)).toBe(true);

    // Tab stays in the top dialog.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(alert.contains(document.activeElement)).toBe(true);

    // Escape closes the alert only; the prompt keeps its text and gets the focus back.
    await user.keyboard('{Escape}');
    expect(alerted).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Error creating file' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New folder' })).toBe(prompt);
    const field = within(prompt).getByLabelText('Folder name:') as HTMLInputElement;
    expect(field.value).toBe('career');
    expect(document.activeElement).toBe(field);
    expect(dimmingBackdrops()).toHaveLength(1);
    await user.keyboard('-goals{Enter}');
    expect(answer()).toBe('"career-goals"');
    expect(screen.queryAllByTestId('cc-modal-backdrop')).toHaveLength(0);
  });

  it('a dialog asked for over another Modal (an edit form whose save failed) shares its backdrop', async () => {
    function EditForm() {
      const dialogs = useDialogs();
      return (
        <Modal open onClose={() => undefined} title="Edit folder">
          <button type="button" onClick={() => void dialogs.alert({ title: 'Error updating folder', message: 'Error updating folder.' })}>
            Save
          </button>
        </Modal>
      );
    }
    const user = userEvent.setup();
    render(
      <DialogProvider>
        <EditForm />
      </DialogProvider>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    const alert = await screen.findByRole('dialog', { name: 'Error updating folder' });
    expect(screen.queryAllByTestId('cc-modal-backdrop')).toHaveLength(2);
    expect(dimmingBackdrops()).toHaveLength(1);
    // The see-through backdrop is the alert's, above the form.
    expect(alert.parentElement!.classList.contains('cc-modal-backdrop-stacked')).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit folder' })).toBeTruthy();
    expect(document.activeElement).toBe(save);
    expect(dimmingBackdrops()).toHaveLength(1);
  });

  it('a prompt that follows another replaces it: one dialog, the focus back on the opener at the end', async () => {
    const { user, opener, answer } = renderPage(async (d) => {
      const name = await d.prompt({ title: 'New folder', label: 'Folder name:' });
      if (name === null) return null;
      const description = await d.prompt({ title: 'New folder', label: `Description for "${name}" (optional):` });
      return [name, description];
    });
    await user.click(opener);
    await screen.findByLabelText('Folder name:');
    await user.keyboard('goals{Enter}');
    const second = await screen.findByLabelText('Description for "goals" (optional):');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.activeElement).toBe(second);
    await user.keyboard('Where next{Enter}');
    expect(answer()).toBe('["goals","Where next"]');
    expect(document.activeElement).toBe(opener);
  });
});

describe('provider', () => {
  it('a dialog still open when the page goes away answers as cancelled', async () => {
    let pending: Promise<string | null> | undefined;
    const { user, opener, view } = renderPage((d) => (pending = d.prompt({ title: 'New folder', label: 'Folder name:' })));
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'New folder' });
    view.unmount();
    await expect(pending).resolves.toBeNull();
  });

  it('useDialogs without a provider says what is missing', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Page ask={() => Promise.resolve()} />)).toThrow('useDialogs needs a DialogProvider above it.');
    quiet.mockRestore();
  });
});
