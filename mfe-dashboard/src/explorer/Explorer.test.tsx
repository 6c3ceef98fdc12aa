/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invalidateRoutes, routeKey, routeQuery } from '@cc/client/query';
import { testQueryClient } from '@cc/ui/testing/queries';
import {
  checkContract,
  dialogNamed,
  explorerRoot,
  folderToggle,
  forbidNativeDialogs,
  Harness,
  serveFolders,
} from './testing/explorerHarness';
import { JUST_READ_MS } from './useExplorer';

let noNativeDialogs: () => void;
beforeEach(() => {
  noNativeDialogs = forbidNativeDialogs();
});
afterEach(() => {
  noNativeDialogs();
  cleanup();
  checkContract();
  jest.restoreAllMocks();
});

/** A QueryClient holding both lists, as the shell's early reads leave it before the page's code arrives. */
async function withEarlyReads() {
  const client = testQueryClient();
  await act(() => Promise.all([client.prefetchQuery(routeQuery('GET /folders')), client.prefetchQuery(routeQuery('GET /files'))]));
  return client;
}

/** The explorer shows the cached lists at once, then asks for both again. */
async function showsCachedThenAsksAgain(client: ReturnType<typeof testQueryClient>, served: ReturnType<typeof serveFolders>) {
  render(<Harness client={client} />);
  expect(screen.getByText('notes')).toBeTruthy();
  await waitFor(() => expect(served.find('GET', '/files')).toHaveLength(2));
  expect(served.find('GET', '/folders')).toHaveLength(2);
}

describe('explorer', () => {
  it('shows the empty state text when there are no folders', async () => {
    serveFolders([]);
    render(<Harness />);
    expect(await screen.findByText('No folders yet. Click "+ Folder" to create one.')).toBeTruthy();
    for (const label of ['+ Folder', 'About me', 'Suggested folders'])
      expect(within(explorerRoot()).getByRole('button', { name: label })).toBeTruthy();
  });

  it('orders folders by GET /folders positions, not by the keys of GET /files', async () => {
    serveFolders([{ name: 'work-profile' }, { name: '2024' }, { name: 'career-goals' }]);
    render(<Harness />);
    await screen.findByText('work-profile');
    expect(screen.getAllByTestId('explorer-folder').map((el) => el.getAttribute('data-folder-name'))).toEqual([
      'work-profile',
      '2024',
      'career-goals',
    ]);
  });

  it('starts with every folder collapsed; a click on the header toggles it', async () => {
    serveFolders([{ name: 'interview-stories', files: [{ id: 1, name: 'migration.md', description: '' }] }]);
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
    serveFolders([{ name: 'notes', files: [{ id: 1, name: 'plan.md', description: '' }] }]);
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
    serveFolders([
      {
        name: 'notes',
        files: [
          { id: 1, name: long, description: '' },
          { id: 2, name: exact, description: '' },
        ],
      },
    ]);
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
    serveFolders([{ name: 'notes', files: [{ id: 7, name: 'draft.md', description: '' }] }]);
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

describe('explorer: the lists are the query cache', () => {
  it('shows what another page changed once that page invalidates the listing', async () => {
    const served = serveFolders([{ name: 'notes', files: [{ id: 1, name: 'plan.md', description: '' }] }]);
    const client = testQueryClient();
    render(<Harness client={client} />);
    fireEvent.click(await folderToggle('notes'));
    expect(screen.getByRole('button', { name: 'plan.md' })).toBeTruthy();
    // Another page (a brag document, a coaching suggestion) wrote a file and says so.
    await act(async () => {
      await fetch('/files', {
        method: 'POST',
        body: JSON.stringify({ file: { name: 'brag.md', folder: 'notes', description: '', content: '' } }),
      });
      await invalidateRoutes(client, 'GET /files');
    });
    expect(await screen.findByRole('button', { name: 'brag.md' })).toBeTruthy();
    expect(served.find('GET', '/files')).toHaveLength(2);
  });

  it("a visit asks for the lists again, but not the page load's first when the shell has just read them (a cold visit's early reads)", async () => {
    const served = serveFolders([{ name: 'notes', files: [{ id: 1, name: 'plan.md', description: '' }] }]);
    const client = await withEarlyReads();
    expect(served.find('GET', '/files')).toHaveLength(1);
    const first = render(<Harness client={client} />);
    expect(await screen.findByText('notes')).toBeTruthy();
    first.unmount();
    expect(served.find('GET', '/folders')).toHaveLength(1);
    expect(served.find('GET', '/files')).toHaveLength(1);

    // Back on the page a moment later (a file restored from the trash meanwhile): shown at once, asked again.
    await showsCachedThenAsksAgain(client, served);
  });

  it("the page load's first showing asks again when what the cache holds is older than a few seconds", async () => {
    const served = serveFolders([{ name: 'notes' }]);
    const client = await withEarlyReads();
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + JUST_READ_MS + 1);
    await showsCachedThenAsksAgain(client, served);
  });

  it('a write the explorer makes edits the cached answers: every reader sees it, nothing is read again', async () => {
    const served = serveFolders([{ name: 'notes' }]);
    const client = testQueryClient();
    const user = userEvent.setup();
    render(<Harness client={client} />);
    await user.click(await screen.findByRole('button', { name: '+ Folder' }));
    await user.type(within(await dialogNamed('New folder')).getByLabelText('Folder name:'), 'goals{Enter}');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('goals')).toBeTruthy();
    expect(client.getQueryData<{ folders: { name: string }[] }>(routeKey('GET /folders'))!.folders.map((f) => f.name)).toEqual([
      'notes',
      'goals',
    ]);
    expect(client.getQueryData(routeKey('GET /files'))).toEqual({ notes: [], goals: [] });
    expect(served.find('GET', '/folders')).toHaveLength(1);
    expect(served.find('GET', '/files')).toHaveLength(1);
  });

  it('a file created from the suggested files is in the list, and the suggestions are read again after it', async () => {
    let suggested = [{ name: 'wins.md', description: 'What went well' }];
    const served = serveFolders([{ name: 'notes' }], {
      'GET /profile/suggested_files': () => ({ success: true, suggestions: suggested }),
    });
    render(<Harness />);
    fireEvent.click(await folderToggle('notes'));
    fireEvent.click(screen.getByRole('button', { name: 'Suggested files' }));
    const create = await screen.findByRole('button', { name: 'Create wins.md' });
    suggested = [];
    fireEvent.click(create);
    expect(await screen.findByRole('button', { name: 'wins.md' })).toBeTruthy();
    expect(screen.getByTestId('draft').textContent).toBe('suggestion:wins.md');
    // Closed at once; the list is asked for again a moment later, for the next opening.
    await waitFor(() => expect(served.find('GET', '/profile/suggested_files')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
