/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../testing/fakeApi';
import { explorerRoot, fakeFiles, folderToggle, forbidNativeDialogs, Harness } from './testing/explorerHarness';

let noNativeDialogs: () => void;
beforeEach(() => {
  noNativeDialogs = forbidNativeDialogs();
});
afterEach(() => {
  noNativeDialogs();
  cleanup();
  jest.restoreAllMocks();
});

describe('explorer', () => {
  it('shows the empty state text when there are no folders', async () => {
    installFakeApi(fakeFiles([]).handler);
    render(<Harness />);
    expect(await screen.findByText('No folders yet. Click "+ Folder" to create one.')).toBeTruthy();
    for (const label of ['+ Folder', 'About me', 'Suggested folders'])
      expect(within(explorerRoot()).getByRole('button', { name: label })).toBeTruthy();
  });

  it('orders folders by GET /folders positions, not by the keys of GET /files', async () => {
    installFakeApi(fakeFiles([{ name: 'work-profile' }, { name: '2024' }, { name: 'career-goals' }]).handler);
    render(<Harness />);
    await screen.findByText('work-profile');
    expect(screen.getAllByTestId('explorer-folder').map((el) => el.getAttribute('data-folder-name'))).toEqual([
      'work-profile',
      '2024',
      'career-goals',
    ]);
  });

  it('starts with every folder collapsed; a click on the header toggles it', async () => {
    installFakeApi(fakeFiles([{ name: 'interview-stories', files: [{ id: 1, name: 'migration.md', description: '' }] }]).handler);
    render(<Harness />);
    const toggle = await folderToggle('interview-stories');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('migration.md')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add new file...' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('migration.md')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add new file...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suggested files' })).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('migration.md')).toBeNull();
  });

  it('keeps an open menu (and the focus in it) when the drag-and-drop lists arrive', async () => {
    installFakeApi(fakeFiles([{ name: 'notes', files: [{ id: 1, name: 'plan.md', description: '' }] }]).handler);
    render(<Harness />);
    fireEvent.click(await folderToggle('notes'));
    expect(explorerRoot().getAttribute('data-dnd')).toBe('off');

    // The file menu, opened before the dnd code is there; the second item has the focus.
    const fileMenu = screen.getByRole('button', { name: 'Actions for plan.md' });
    fireEvent.click(fileMenu);
    const menu = screen.getByRole('menu', { name: 'Actions for plan.md' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Edit description');

    // The focus entering the explorer asks for the dnd code; the lists are swapped when it lands.
    fireEvent.focus(document.activeElement!);
    await waitFor(() => expect(explorerRoot().getAttribute('data-dnd')).toBe('ready'));
    expect(screen.getByRole('menu', { name: 'Actions for plan.md' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for plan.md' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Edit description');

    // The folder menu too (a second mount: the dnd code is loaded already, the swap comes at once).
    cleanup();
    render(<Harness />);
    const folderMenu = await screen.findByRole('button', { name: 'Actions for folder notes' });
    fireEvent.click(folderMenu);
    expect(screen.getByRole('menu', { name: 'Actions for folder notes' })).toBeTruthy();
    fireEvent.focus(document.activeElement!);
    await waitFor(() => expect(explorerRoot().getAttribute('data-dnd')).toBe('ready'));
    expect(screen.getByRole('menu', { name: 'Actions for folder notes' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Edit name');
    // It still closes and gives the focus back to its button.
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for folder notes' }));
  });

  it('truncates file labels longer than 24 characters to 21 plus an ellipsis, with the full name as title', async () => {
    const long = 'quarterly leadership review notes.md'; // 36 characters
    const exact = 'twenty four characters.m'; // 24 characters: kept
    installFakeApi(
      fakeFiles([
        {
          name: 'notes',
          files: [
            { id: 1, name: long, description: '' },
            { id: 2, name: exact, description: '' },
          ],
        },
      ]).handler,
    );
    render(<Harness />);
    fireEvent.click(await folderToggle('notes'));
    const truncated = screen.getByText(`${long.slice(0, 21)}…`);
    const button = truncated.closest('button')!;
    expect(button.getAttribute('title')).toBe(long);
    expect(button.getAttribute('aria-label')).toBe(long);
    const kept = screen.getByText(exact).closest('button')!;
    expect(kept.getAttribute('title')).toBeNull();
  });

  it('About me closes the open file', async () => {
    installFakeApi(fakeFiles([{ name: 'notes', files: [{ id: 7, name: 'draft.md', description: '' }] }]).handler);
    render(<Harness />);
    fireEvent.click(await folderToggle('notes'));
    fireEvent.click(screen.getByRole('button', { name: 'draft.md' }));
    expect(screen.getByRole('button', { name: 'About me' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'About me' }));
    expect(screen.getByTestId('open-file').textContent).toBe('About me');
    expect(screen.getByRole('button', { name: 'About me' }).getAttribute('aria-pressed')).toBe('true');
    // Nothing to confirm: no dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
