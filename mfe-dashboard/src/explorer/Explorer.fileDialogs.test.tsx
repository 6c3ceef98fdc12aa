/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { setUpDialogTests } from './testing/dialogTests';
import { dialogNamed, folderToggle, problemIn, serveFolders, type FakeFile } from './testing/explorerHarness';

// The explorer's file questions and messages (docs/dashboard.md#messages) in in-app dialogs: the
// product's texts, a bad name reported as it is typed, and never the browser's own dialogs.

const t = setUpDialogTests();
const { renderExplorer, retype, dismissAlert, pick } = t;

describe('file dialogs', () => {
  it('creates a file from the modal: a missing or bad name is reported in it, underscores become spaces, .md appended', async () => {
    const api = serveFolders([{ name: 'career-goals', files: [{ id: 1, name: 'plan.md', description: '' }] }]);
    await renderExplorer('career-goals');
    await t.user.click(await folderToggle('career-goals'));
    await t.user.click(screen.getByRole('button', { name: 'Add new file...' }));
    const dialog = await dialogNamed('New file in "career-goals"');
    const name = within(dialog).getByLabelText('Name');
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;

    // Untouched: nothing reported; Create asks for the name.
    expect(problemIn(dialog)).toBeNull();
    await t.user.click(create);
    expect(problemIn(dialog)).toBe('Please enter a file name.');
    expect(create.disabled).toBe(true);
    expect(document.activeElement).toBe(name);
    await t.user.type(name, 'Plan');
    expect(problemIn(dialog)).toBe('A file with this name already exists in this folder.');
    await retype(name, 'a\\b');
    expect(problemIn(dialog)).toBe('File names cannot contain "/" or "\\".');
    expect(api.find('POST', '/files')).toHaveLength(0);

    await retype(name, ' five_year_plan ');
    expect(problemIn(dialog)).toBeNull();
    await t.user.type(within(dialog).getByLabelText('Description'), 'Where I want to be');
    await t.user.click(create);
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
    await t.user.click(await folderToggle('notes'));
    await t.user.click(screen.getByRole('button', { name: 'draft.md' }));
    expect(screen.getByTestId('open-file').textContent).toBe('notes/draft.md');

    // Escape cancels; the focus goes back to the row's menu button.
    const menu = await pick('Actions for draft.md', 'Rename');
    let dialog = await dialogNamed('Rename "draft.md"');
    const field = within(dialog).getByLabelText('New file name:') as HTMLInputElement;
    expect(field.value).toBe('draft.md');
    expect(document.activeElement).toBe(field);
    await t.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menu);

    // Empty aborts (docs/dashboard.md#files), and is not reported as a problem.
    await pick('Actions for draft.md', 'Rename');
    dialog = await dialogNamed('Rename "draft.md"');
    await t.user.clear(within(dialog).getByLabelText('New file name:'));
    expect(problemIn(dialog)).toBeNull();
    await t.user.keyboard('{Enter}');
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
    await t.user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('open-file').textContent).toBe('notes/final version.md'));
    expect(api.find('PUT', '/files/7')[0]?.body).toEqual({ file: { name: 'final version.md' } });
    expect(screen.getByRole('button', { name: 'final version.md' })).toBeTruthy();
  });

  it('a failed rename is reported in an alert with the spec text', async () => {
    const api = serveFolders([{ name: 'notes', files: [{ id: 7, name: 'draft.md', description: '' }] }]);
    await renderExplorer('notes');
    await t.user.click(await folderToggle('notes'));
    await pick('Actions for draft.md', 'Rename');
    api.fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await t.user.type(within(await dialogNamed('Rename "draft.md"')).getByLabelText('New file name:'), 'better{Enter}');
    await dismissAlert('Error renaming file', 'Error renaming file. Please try again.');
    expect(screen.getByRole('button', { name: 'draft.md' })).toBeTruthy();
  });

  it('deletes a file after an in-app confirmation whose focus starts on Cancel', async () => {
    const api = serveFolders([{ name: 'notes', files: [{ id: 7, name: 'draft.md', description: '' }] }]);
    await renderExplorer('notes');
    await t.user.click(await folderToggle('notes'));
    const menu = await pick('Actions for draft.md', 'Delete');
    let dialog = await dialogNamed('Delete file');
    expect(dialog.textContent).toContain('Delete "draft.md"? It stays in the trash for 30 days.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await t.user.keyboard('{Enter}');
    expect(api.find('DELETE', '/files/7')).toHaveLength(0);
    expect(document.activeElement).toBe(menu);

    await pick('Actions for draft.md', 'Delete');
    dialog = await dialogNamed('Delete file');
    await t.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'draft.md' })).toBeNull());
    expect(api.find('DELETE', '/files/7')).toHaveLength(1);
  });

  it("History in a file's menu opens that file and asks the workspace for its history (docs/dashboard.md#history)", async () => {
    serveFolders([
      {
        name: 'notes',
        files: [
          { id: 7, name: 'draft.md', description: '' },
          { id: 8, name: 'other.md', description: '' },
        ],
      },
    ]);
    await renderExplorer('notes');
    await t.user.click(await folderToggle('notes'));
    await t.user.click(screen.getByRole('button', { name: 'draft.md' }));
    await pick('Actions for other.md', 'History');
    expect(screen.getByTestId('open-file').textContent).toBe('notes/other.md');
    expect(screen.getByTestId('history').textContent).toBe('8');
  });

  it('says "File ID missing." in an alert when a file has no id', async () => {
    serveFolders([{ name: 'odd', files: [{ name: 'ghost.md', description: '' } as FakeFile] }]);
    await renderExplorer('odd');
    await t.user.click(await folderToggle('odd'));
    for (const item of ['Rename', 'Delete', 'Edit description', 'History']) {
      await pick('Actions for ghost.md', item);
      await dismissAlert('This file cannot be used', 'File ID missing.');
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });
});
