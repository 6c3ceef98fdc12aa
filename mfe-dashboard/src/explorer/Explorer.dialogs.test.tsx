/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  dialogNamed,
  explorerRoot,
  checkContract,
  serveFolders,
  folderRow,
  folderToggle,
  forbidNativeDialogs,
  Harness,
  problemIn,
  type FakeFile,
} from './testing/explorerHarness';

// The explorer's questions and messages (docs/dashboard.md#messages) in in-app dialogs: the product's texts, a bad
// name reported as it is typed, one dialog at a time, and never the browser's prompt, confirm or alert.

let noNativeDialogs: () => void;
let user: UserEvent;
beforeEach(() => {
  noNativeDialogs = forbidNativeDialogs();
  user = userEvent.setup();
});
afterEach(() => {
  noNativeDialogs();
  cleanup();
  checkContract();
  jest.restoreAllMocks();
});

/**
 * The explorer with its folders loaded, and drag and drop too: the pointer entering it loads that
 * code and swaps the lists, which user-event's quick pointer sequence would otherwise race.
 */
async function renderExplorer(folder: string) {
  render(<Harness />);
  await screen.findByText(folder);
  await user.hover(explorerRoot());
  await waitFor(() => expect(explorerRoot().getAttribute('data-dnd')).toBe('ready'));
}

/** Types `text` in place of a field's value (nothing: leaves it empty). */
async function retype(field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

/** The alert named `title` says `message`; OK dismisses it. */
async function dismissAlert(title: string, message: string) {
  const alert = await dialogNamed(title);
  expect(within(alert).getByRole('alert').textContent).toBe(message);
  await user.click(within(alert).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
}

/** Opens a row's ⋯ menu and picks an item; answers the menu button (where the focus comes back). */
async function pick(menu: string, item: string): Promise<HTMLElement> {
  const button = screen.getByRole('button', { name: menu });
  await user.click(button);
  await user.click(screen.getByRole('menuitem', { name: item }));
  return button;
}

describe('+ Folder', () => {
  it('asks for the name, reporting a missing, taken or bad name as it is typed, then for the description', async () => {
    const api = serveFolders([{ name: 'career-goals' }]);
    await renderExplorer('career-goals');
    const add = screen.getByRole('button', { name: '+ Folder' });

    // Cancel: nothing asked after, nothing sent, the focus back on + Folder.
    await user.click(add);
    let dialog = await dialogNamed('New folder');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);

    await user.click(add);
    dialog = await dialogNamed('New folder');
    const field = within(dialog).getByLabelText('Folder name:');
    const next = within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(problemIn(dialog)).toBeNull();
    await user.type(field, '   ');
    expect(problemIn(dialog)).toBe('Please enter a folder name.');
    expect(next.disabled).toBe(true);
    await retype(field, 'Career-Goals');
    expect(problemIn(dialog)).toBe('Folder already exists.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'New folder' })).toBe(dialog);
    await retype(field, 'past/projects');
    expect(problemIn(dialog)).toBe('Folder names cannot contain "/" or "\\".');
    await retype(field, '  past-projects ');
    expect(problemIn(dialog)).toBeNull();
    expect(next.disabled).toBe(false);
    await user.keyboard('{Enter}');

    // The second question replaces the first: one dialog.
    const description = await screen.findByLabelText('Description for "past-projects" (optional):');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.activeElement).toBe(description);
    await user.type(description, 'Finished work{Enter}');
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
    await user.click(await screen.findByRole('button', { name: '+ Folder' }));
    await user.type(within(await dialogNamed('New folder')).getByLabelText('Folder name:'), 'goals{Enter}');
    await screen.findByLabelText('Description for "goals" (optional):');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.find('POST', '/folders')).toHaveLength(0);
  });

  it("reports the server's errors, 'Unknown error' and a network failure in the spec's words", async () => {
    const api = serveFolders([]);
    render(<Harness />);
    const add = await screen.findByRole('button', { name: '+ Folder' });
    const create = async (name: string) => {
      await user.click(add);
      await user.type(within(await dialogNamed('New folder')).getByLabelText('Folder name:'), `${name}{Enter}`);
      await screen.findByLabelText(`Description for "${name}" (optional):`);
      await user.keyboard('{Enter}');
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

describe('file dialogs', () => {
  it('creates a file from the modal: a missing or bad name is reported in it, underscores become spaces, .md appended', async () => {
    const api = serveFolders([{ name: 'career-goals', files: [{ id: 1, name: 'plan.md', description: '' }] }]);
    await renderExplorer('career-goals');
    await user.click(await folderToggle('career-goals'));
    await user.click(screen.getByRole('button', { name: 'Add new file...' }));
    const dialog = await dialogNamed('New file in "career-goals"');
    const name = within(dialog).getByLabelText('Name');
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;

    // Untouched: nothing reported; Create asks for the name.
    expect(problemIn(dialog)).toBeNull();
    await user.click(create);
    expect(problemIn(dialog)).toBe('Please enter a file name.');
    expect(create.disabled).toBe(true);
    expect(document.activeElement).toBe(name);
    await user.type(name, 'Plan');
    expect(problemIn(dialog)).toBe('A file with this name already exists in this folder.');
    await retype(name, 'a\\b');
    expect(problemIn(dialog)).toBe('File names cannot contain "/" or "\\".');
    expect(api.find('POST', '/files')).toHaveLength(0);

    await retype(name, ' five_year_plan ');
    expect(problemIn(dialog)).toBeNull();
    await user.type(within(dialog).getByLabelText('Description'), 'Where I want to be');
    await user.click(create);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.find('POST', '/files')[0]?.body).toEqual({
      file: { name: 'five year plan.md', folder: 'career-goals', description: 'Where I want to be', content: '' },
    });
    expect(screen.getByTestId('open-file').textContent).toBe('career-goals/five year plan.md');
    expect(screen.getByText('five year plan.md').closest('li')!.className).toContain('is-selected');
  });

  it('renames through an in-app prompt (.md appended; cancel or empty aborts; a taken name is reported); the open file follows', async () => {
    const api = serveFolders([
      {
        name: 'notes',
        files: [
          { id: 7, name: 'draft.md', description: '' },
          { id: 8, name: 'other.md', description: '' },
        ],
      },
    ]);
    await renderExplorer('notes');
    await user.click(await folderToggle('notes'));
    await user.click(screen.getByRole('button', { name: 'draft.md' }));
    expect(screen.getByTestId('open-file').textContent).toBe('notes/draft.md');

    // Escape cancels; the focus goes back to the row's menu button.
    const menu = await pick('Actions for draft.md', 'Rename');
    let dialog = await dialogNamed('Rename "draft.md"');
    const field = within(dialog).getByLabelText('New file name:') as HTMLInputElement;
    expect(field.value).toBe('draft.md');
    expect(document.activeElement).toBe(field);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menu);

    // Empty aborts (docs/dashboard.md#files), and is not reported as a problem.
    await pick('Actions for draft.md', 'Rename');
    dialog = await dialogNamed('Rename "draft.md"');
    await user.clear(within(dialog).getByLabelText('New file name:'));
    expect(problemIn(dialog)).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await pick('Actions for draft.md', 'Rename');
    dialog = await dialogNamed('Rename "draft.md"');
    const again = within(dialog).getByLabelText('New file name:');
    await retype(again, 'OTHER');
    expect(problemIn(dialog)).toBe('A file with this name already exists in this folder.');
    expect((within(dialog).getByRole('button', { name: 'Rename' }) as HTMLButtonElement).disabled).toBe(true);
    await retype(again, 'final/version');
    expect(problemIn(dialog)).toBe('File names cannot contain "/" or "\\".');
    expect(api.find('PUT', '/files/7')).toHaveLength(0);

    await retype(again, 'final_version');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('open-file').textContent).toBe('notes/final version.md'));
    expect(api.find('PUT', '/files/7')[0]?.body).toEqual({ file: { name: 'final version.md' } });
    expect(screen.getByRole('button', { name: 'final version.md' })).toBeTruthy();
  });

  it('a failed rename is reported in an alert with the spec text', async () => {
    const api = serveFolders([{ name: 'notes', files: [{ id: 7, name: 'draft.md', description: '' }] }]);
    await renderExplorer('notes');
    await user.click(await folderToggle('notes'));
    await pick('Actions for draft.md', 'Rename');
    api.fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await user.type(within(await dialogNamed('Rename "draft.md"')).getByLabelText('New file name:'), 'better{Enter}');
    await dismissAlert('Error renaming file', 'Error renaming file. Please try again.');
    expect(screen.getByRole('button', { name: 'draft.md' })).toBeTruthy();
  });

  it('deletes a file after an in-app confirmation whose focus starts on Cancel', async () => {
    const api = serveFolders([{ name: 'notes', files: [{ id: 7, name: 'draft.md', description: '' }] }]);
    await renderExplorer('notes');
    await user.click(await folderToggle('notes'));
    const menu = await pick('Actions for draft.md', 'Delete');
    let dialog = await dialogNamed('Delete file');
    expect(dialog.textContent).toContain('Delete "draft.md"? This cannot be undone.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(api.find('DELETE', '/files/7')).toHaveLength(0);
    expect(document.activeElement).toBe(menu);

    await pick('Actions for draft.md', 'Delete');
    dialog = await dialogNamed('Delete file');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'draft.md' })).toBeNull());
    expect(api.find('DELETE', '/files/7')).toHaveLength(1);
  });

  it('says "File ID missing." in an alert when a file has no id', async () => {
    serveFolders([{ name: 'odd', files: [{ name: 'ghost.md', description: '' } as FakeFile] }]);
    await renderExplorer('odd');
    await user.click(await folderToggle('odd'));
    for (const item of ['Rename', 'Delete', 'Edit description']) {
      await pick('Actions for ghost.md', item);
      await dismissAlert('This file cannot be used', 'File ID missing.');
      expect(screen.queryByRole('dialog')).toBeNull();
    }
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

    await user.click(await folderToggle('full'));
    await user.click(screen.getByRole('button', { name: 'b.md' }));
    expect(screen.getByTestId('open-file').textContent).toBe('full/b.md');
    await pick('Actions for folder full', 'Delete folder');
    let dialog = await dialogNamed('Delete folder');
    expect(dialog.textContent).toContain('Delete the folder "full" and its 2 files? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.find('DELETE', '/folders/full')).toHaveLength(0);

    await pick('Actions for folder full', 'Delete folder');
    dialog = await dialogNamed('Delete folder');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('No folders yet. Click "+ Folder" to create one.')).toBeTruthy());
    expect(api.find('DELETE', '/folders/full')).toHaveLength(1);
    expect(screen.getByTestId('open-file').textContent).toBe('About me');
  });

  it('Edit name reports a taken or empty name as it is typed, then renames; the open file follows', async () => {
    const api = serveFolders([{ name: 'goals', files: [{ id: 3, name: 'a.md', description: '' }] }, { name: 'archive' }]);
    await renderExplorer('goals');
    await user.click(await folderToggle('goals'));
    await user.click(screen.getByRole('button', { name: 'a.md' }));
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
    await user.clear(name);
    expect(problemIn(dialog)).toBe('Please enter a folder name.');
    expect(api.find('PATCH', '/folders/goals')).toHaveLength(0);

    await user.type(name, ' career-goals ');
    await user.type(within(dialog).getByLabelText('Description'), 'Where next');
    await user.click(save);
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
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await dialogNamed('Error updating folder');
    expect(within(alert).getByRole('alert').textContent).toBe('Error updating folder: Unknown error');
    const backdrops = screen.getAllByTestId('cc-modal-backdrop');
    expect(backdrops).toHaveLength(2);
    expect(backdrops.filter((b) => !b.classList.contains('cc-modal-backdrop-stacked'))).toHaveLength(1);
    expect(alert.contains(document.activeElement)).toBe(true);

    // Escape closes the alert only.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Error updating folder' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit folder "goals"' })).toBe(dialog);
    expect(name.value).toBe('career-goals');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.getAllByTestId('cc-modal-backdrop')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
