/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setUpDialogTests } from './testing/dialogTests';
import { dialogNamed, folderRow, folderToggle, Harness, problemIn, serveFolders } from './testing/explorerHarness';

// The explorer's folder questions and messages (docs/dashboard.md#messages) in in-app dialogs:
// the product's texts, a bad name reported as it is typed, one dialog at a time, and never the
// browser's prompt, confirm or alert.

const t = setUpDialogTests();
const { renderExplorer, retype, dismissAlert, pick } = t;

describe('+ Folder', () => {
  it('asks for the name, reporting a missing, taken or bad name as it is typed, then for the description', async () => {
    const api = serveFolders([{ name: 'career-goals' }]);
    await renderExplorer('career-goals');
    const add = screen.getByRole('button', { name: '+ Folder' });

    // Cancel: nothing asked after, nothing sent, the focus back on + Folder.
    await t.user.click(add);
    let dialog = await dialogNamed('New folder');
    await t.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);

    await t.user.click(add);
    dialog = await dialogNamed('New folder');
    const field = within(dialog).getByLabelText('Folder name:');
    const next = within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(problemIn(dialog)).toBeNull();
    await t.user.type(field, '   ');
    expect(problemIn(dialog)).toBe('Please enter a folder name.');
    expect(next.disabled).toBe(true);
    await retype(field, 'Career-Goals');
    expect(problemIn(dialog)).toBe('Folder already exists.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await t.user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'New folder' })).toBe(dialog);
    await retype(field, 'past/projects');
    expect(problemIn(dialog)).toBe('Folder names cannot contain "/" or "\\".');
    await retype(field, '  past-projects ');
    expect(problemIn(dialog)).toBeNull();
    expect(next.disabled).toBe(false);
    await t.user.keyboard('{Enter}');

    // The second question replaces the first: one dialog.
    const description = await screen.findByLabelText('Description for "past-projects" (optional):');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.activeElement).toBe(description);
    await t.user.type(description, 'Finished work{Enter}');
    expect(await screen.findByText('past-projects')).toBeTruthy();
    expect(api.find('POST', '/folders')).toHaveLength(1);
    expect(api.find('POST', '/folders')[0]?.body).toEqual({ name: 'past-projects', description: 'Finished work' });
    // A new folder opens, so that its "Add new file..." row is right there.
    expect(within(folderRow('past-projects')).getByRole('button', { name: 'Add new file...' })).toBeTruthy();
    expect(document.activeElement).toBe(add);
  });

  it('Cancel at the description creates nothing', async () => {
    const api = serveFolders([]);
    render(<Harness />);
    await t.user.click(await screen.findByRole('button', { name: '+ Folder' }));
    await t.user.type(within(await dialogNamed('New folder')).getByLabelText('Folder name:'), 'goals{Enter}');
    await screen.findByLabelText('Description for "goals" (optional):');
    await t.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.find('POST', '/folders')).toHaveLength(0);
  });

  it("reports the server's errors, 'Unknown error' and a network failure in the spec's words", async () => {
    const api = serveFolders([]);
    render(<Harness />);
    const add = await screen.findByRole('button', { name: '+ Folder' });
    const create = async (name: string) => {
      await t.user.click(add);
      await t.user.type(within(await dialogNamed('New folder')).getByLabelText('Folder name:'), `${name}{Enter}`);
      await screen.findByLabelText(`Description for "${name}" (optional):`);
      await t.user.keyboard('{Enter}');
    };

    api.fetchMock.mockImplementationOnce(async () => ({
      ok: false,
      status: 422,
      text: async () => JSON.stringify({ success: false, errors: ['Too long', 'Bad'] }),
    }));
    await create('x');
    await dismissAlert('Error creating folder', 'Error creating folder: Too long, Bad');
    // The alert gives the focus back to where the question was asked from.
    expect(document.activeElement).toBe(add);

    api.fetchMock.mockImplementationOnce(async () => ({ ok: false, status: 500, text: async () => '' }));
    await create('y');
    await dismissAlert('Error creating folder', 'Error creating folder: Unknown error');

    api.fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await create('z');
    await dismissAlert('Error creating folder', 'Error creating folder.');
  });
});

describe('folder dialogs', () => {
  it('deletes an empty folder without confirmation; otherwise confirms, and an open file inside is closed', async () => {
    const api = serveFolders([
      { name: 'empty' },
      {
        name: 'full',
        files: [
          { id: 3, name: 'a.md', description: '' },
          { id: 4, name: 'b.md', description: '' },
        ],
      },
    ]);
    await renderExplorer('empty');
    await pick('Actions for folder empty', 'Delete folder');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByText('empty')).toBeNull());

    await t.user.click(await folderToggle('full'));
    await t.user.click(screen.getByRole('button', { name: 'b.md' }));
    expect(screen.getByTestId('open-file').textContent).toBe('full/b.md');
    await pick('Actions for folder full', 'Delete folder');
    let dialog = await dialogNamed('Delete folder');
    expect(dialog.textContent).toContain('Delete the folder "full" and its 2 files? They go to the trash for 30 days.');
    await t.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.find('DELETE', '/folders/full')).toHaveLength(0);

    await pick('Actions for folder full', 'Delete folder');
    dialog = await dialogNamed('Delete folder');
    await t.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('No folders yet. Click "+ Folder" to create one.')).toBeTruthy());
    expect(api.find('DELETE', '/folders/full')).toHaveLength(1);
    expect(screen.getByTestId('open-file').textContent).toBe('About me');
  });

  it('Edit name reports a taken or empty name as it is typed, then renames; the open file follows', async () => {
    const api = serveFolders([{ name: 'goals', files: [{ id: 3, name: 'a.md', description: '' }] }, { name: 'archive' }]);
    await renderExplorer('goals');
    await t.user.click(await folderToggle('goals'));
    await t.user.click(screen.getByRole('button', { name: 'a.md' }));
    await pick('Actions for folder goals', 'Edit name');
    const dialog = await dialogNamed('Edit folder "goals"');
    const name = within(dialog).getByLabelText('Name');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    // Its own name, in another case, is not "taken".
    await retype(name, 'Goals');
    expect(problemIn(dialog)).toBeNull();
    await retype(name, 'Archive');
    expect(problemIn(dialog)).toBe('Folder already exists.');
    expect(save.disabled).toBe(true);
    await t.user.clear(name);
    expect(problemIn(dialog)).toBe('Please enter a folder name.');
    expect(api.find('PATCH', '/folders/goals')).toHaveLength(0);

    await t.user.type(name, ' career-goals ');
    await t.user.type(within(dialog).getByLabelText('Description'), 'Where next');
    await t.user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.find('PATCH', '/folders/goals')[0]?.body).toEqual({ name: 'goals', new_name: 'career-goals', description: 'Where next' });
    expect(screen.getByTestId('open-file').textContent).toBe('career-goals/a.md');
    expect(folderRow('career-goals').getAttribute('class')).toContain('is-expanded');
  });

  it('a failed save alerts over the edit dialog with one backdrop; closing the alert gives the dialog back as it was', async () => {
    const api = serveFolders([{ name: 'goals' }]);
    await renderExplorer('goals');
    await pick('Actions for folder goals', 'Edit name');
    const dialog = await dialogNamed('Edit folder "goals"');
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    await retype(name, 'career-goals');
    api.fetchMock.mockImplementationOnce(async () => ({ ok: false, status: 500, text: async () => '' }));
    await t.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await dialogNamed('Error updating folder');
    expect(within(alert).getByRole('alert').textContent).toBe('Error updating folder: Unknown error');
    const backdrops = screen.getAllByTestId('cc-modal-backdrop');
    expect(backdrops).toHaveLength(2);
    expect(backdrops.filter((b) => !b.classList.contains('cc-modal-backdrop-stacked'))).toHaveLength(1);
    expect(alert.contains(document.activeElement)).toBe(true);

    // Escape closes the alert only.
    await t.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Error updating folder' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit folder "goals"' })).toBe(dialog);
    expect(name.value).toBe('career-goals');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.getAllByTestId('cc-modal-backdrop')).toHaveLength(1);
    await t.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
