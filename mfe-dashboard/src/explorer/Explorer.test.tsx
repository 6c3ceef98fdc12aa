/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeHandler } from '../testing/fakeApi';
import { useExplorer } from './useExplorer';
import { ExplorerActionsProvider } from './actions/ExplorerActionsProvider';
import { useWorkspace } from '../workspace/useWorkspace';
import { Explorer } from './Explorer';

/** The dashboard page without the remote About me panel and the (big) file workspace. */
function Harness() {
  const explorer = useExplorer();
  const workspace = useWorkspace();
  return (
    <>
      <ExplorerActionsProvider explorer={explorer} workspace={workspace}>
        <Explorer explorer={explorer} selectedId={workspace.openFile?.id ?? null} />
      </ExplorerActionsProvider>
      <output data-testid="open-file">{workspace.openFile ? `${workspace.openFile.folder}/${workspace.openFile.name}` : 'About me'}</output>
      <output data-testid="draft">{workspace.draftRequest ? `${workspace.draftRequest.kind}:${workspace.draftRequest.name}` : ''}</output>
    </>
  );
}

interface FakeFile {
  id: number;
  name: string;
  description: string;
}

/** A small in-memory svc-files for the explorer's calls. */
function fakeFiles(initial: { name: string; description?: string; files?: FakeFile[] }[]) {
  const folders = initial.map((f) => ({ name: f.name, description: f.description ?? '', files: [...(f.files ?? [])] }));
  let nextId = 100;
  const handler: FakeHandler = ({ method, path, body }) => {
    const b = body as Record<string, unknown>;
    if (method === 'GET' && path === '/folders')
      return { body: { success: true, folders: folders.map((f, position) => ({ name: f.name, description: f.description, position })) } };
    if (method === 'GET' && path === '/files') {
      // Integer-like keys come first in a JS object whatever the insertion order, like in a browser.
      return { body: Object.fromEntries(folders.map((f) => [f.name, f.files])) };
    }
    if (method === 'POST' && path === '/folders') {
      const name = String(b.name);
      if (folders.some((f) => f.name.toLowerCase() === name.toLowerCase()))
        return { status: 422, body: { success: false, errors: ['Folder already exists.'] } };
      folders.push({ name, description: String(b.description ?? ''), files: [] });
      return {
        status: 201,
        body: { success: true, errors: [], folder: { name, description: b.description ?? '', position: folders.length - 1 } },
      };
    }
    if (method === 'POST' && path === '/files') {
      const file = b.file as { name: string; folder: string; description: string };
      const folder = folders.find((f) => f.name === file.folder)!;
      const created = { id: nextId++, name: file.name, description: file.description };
      folder.files.push(created);
      return {
        status: 201,
        body: { success: true, errors: [], file: { ...created, folder: folder.name, position: 0, revision: 1 }, folder_created: false },
      };
    }
    const fileMatch = /^\/files\/(\d+)$/.exec(path);
    if (fileMatch && method === 'PUT') {
      const id = Number(fileMatch[1]);
      const file = folders.flatMap((f) => f.files).find((f) => f.id === id)!;
      Object.assign(file, (b.file as object) ?? {});
      return { body: { success: true, errors: [], file } };
    }
    if (method === 'PATCH' && path === '/folders/reorder') return { body: { success: true, ignored: [] } };
    const folderMatch = /^\/folders\/(.+)$/.exec(path);
    if (folderMatch) {
      const name = decodeURIComponent(folderMatch[1]!);
      const index = folders.findIndex((f) => f.name === name);
      if (index < 0) return { status: 404, body: { success: false, errors: ['Folder not found.'] } };
      if (method === 'DELETE') {
        const [gone] = folders.splice(index, 1);
        return { body: { success: true, errors: [], deleted_files: gone!.files.length } };
      }
      if (method === 'PATCH') {
        const f = folders[index]!;
        if (typeof b.new_name === 'string') f.name = b.new_name;
        if (typeof b.description === 'string') f.description = b.description;
        return { body: { success: true, errors: [], folder: { name: f.name, description: f.description, position: index } } };
      }
    }
    return undefined;
  };
  return { folders, handler };
}

let promptSpy: jest.SpiedFunction<typeof window.prompt>;
let alertSpy: jest.SpiedFunction<typeof window.alert>;
let confirmSpy: jest.SpiedFunction<typeof window.confirm>;

beforeEach(() => {
  promptSpy = jest.spyOn(window, 'prompt').mockReturnValue(null);
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const explorerRoot = () => screen.getByTestId('explorer-root');
/** The header button of a folder (its name is "<folder> <n> files"). */
async function folderToggle(name: string): Promise<HTMLElement> {
  await screen.findByText(name);
  return folderRow(name).querySelector<HTMLElement>('.folder-toggle')!;
}
const folderRow = (name: string) => screen.getAllByTestId('explorer-folder').find((el) => el.getAttribute('data-folder-name') === name)!;

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

  it('validates the + Folder prompt: required, no duplicate, server and network errors', async () => {
    const api = installFakeApi(fakeFiles([{ name: 'career-goals' }]).handler);
    render(<Harness />);
    await screen.findByText('career-goals');
    const add = screen.getByRole('button', { name: '+ Folder' });

    promptSpy.mockReturnValueOnce(null);
    fireEvent.click(add);
    expect(alertSpy).not.toHaveBeenCalled();

    promptSpy.mockReturnValueOnce('   ');
    fireEvent.click(add);
    expect(alertSpy).toHaveBeenLastCalledWith('Please enter a folder name.');

    promptSpy.mockReturnValueOnce('Career-Goals');
    fireEvent.click(add);
    expect(alertSpy).toHaveBeenLastCalledWith('Folder already exists.');
    expect(api.find('POST', '/folders')).toHaveLength(0);

    // A server validation error: the errors, joined with ', '.
    api.fetchMock.mockImplementationOnce(async () => ({
      ok: false,
      status: 422,
      text: async () => JSON.stringify({ success: false, errors: ['Too long', 'Bad'] }),
    }));
    promptSpy.mockReturnValueOnce('x').mockReturnValueOnce('');
    await act(async () => {
      fireEvent.click(add);
    });
    await waitFor(() => expect(alertSpy).toHaveBeenLastCalledWith('Error creating folder: Too long, Bad'));

    // No errors in the answer: 'Unknown error'.
    api.fetchMock.mockImplementationOnce(async () => ({ ok: false, status: 500, text: async () => '' }));
    promptSpy.mockReturnValueOnce('y').mockReturnValueOnce('');
    await act(async () => {
      fireEvent.click(add);
    });
    await waitFor(() => expect(alertSpy).toHaveBeenLastCalledWith('Error creating folder: Unknown error'));

    api.fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    promptSpy.mockReturnValueOnce('z').mockReturnValueOnce('');
    await act(async () => {
      fireEvent.click(add);
    });
    await waitFor(() => expect(alertSpy).toHaveBeenLastCalledWith('Error creating folder.'));

    promptSpy.mockReturnValueOnce('  past-projects ').mockReturnValueOnce('Finished work');
    await act(async () => {
      fireEvent.click(add);
    });
    expect(await screen.findByText('past-projects')).toBeTruthy();
    expect(api.find('POST', '/folders').at(-1)?.body).toEqual({ name: 'past-projects', description: 'Finished work' });
    // A new folder opens, so that its "Add new file..." row is right there.
    expect(within(folderRow('past-projects')).getByRole('button', { name: 'Add new file...' })).toBeTruthy();
  });

  it('creates a file from the modal: name required, underscores become spaces, .md appended, opened at once', async () => {
    const api = installFakeApi(fakeFiles([{ name: 'career-goals' }]).handler);
    render(<Harness />);
    fireEvent.click(await folderToggle('career-goals'));
    fireEvent.click(screen.getByRole('button', { name: 'Add new file...' }));
    const dialog = await screen.findByRole('dialog', { name: 'New file in "career-goals"' });

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    });
    expect(alertSpy).toHaveBeenLastCalledWith('Please enter a file name.');
    expect(api.find('POST', '/files')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' five_year_plan ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Where I want to be' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    });
    await waitFor(() => expect(api.find('POST', '/files')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.find('POST', '/files')[0]?.body).toEqual({
      file: { name: 'five year plan.md', folder: 'career-goals', description: 'Where I want to be', content: '' },
    });
    expect(screen.getByTestId('open-file').textContent).toBe('career-goals/five year plan.md');
    const row = screen.getByText('five year plan.md').closest('li')!;
    expect(row.className).toContain('is-selected');
  });

  it('renames a file through a prompt (.md appended; cancel or empty aborts) and the open file follows', async () => {
    const api = installFakeApi(fakeFiles([{ name: 'notes', files: [{ id: 7, name: 'draft.md', description: '' }] }]).handler);
    render(<Harness />);
    fireEvent.click(await folderToggle('notes'));
    fireEvent.click(screen.getByRole('button', { name: 'draft.md' }));
    expect(screen.getByTestId('open-file').textContent).toBe('notes/draft.md');

    const rename = async (answer: string | null) => {
      promptSpy.mockReturnValueOnce(answer);
      fireEvent.click(screen.getByRole('button', { name: /^Actions for .*\.md$/ }));
      await act(async () => {
        fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
      });
    };
    await rename(null);
    await rename('  ');
    expect(api.find('PUT', '/files/7')).toHaveLength(0);

    await rename('final_version');
    await waitFor(() => expect(screen.getByTestId('open-file').textContent).toBe('notes/final version.md'));
    expect(api.find('PUT', '/files/7')[0]?.body).toEqual({ file: { name: 'final version.md' } });
    expect(screen.getByRole('button', { name: 'final version.md' })).toBeTruthy();
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
    expect(confirmSpy).not.toHaveBeenCalled();
  });

  it('deletes an empty folder without confirmation; otherwise confirms, and an open file inside is closed', async () => {
    const api = installFakeApi(
      fakeFiles([
        { name: 'empty' },
        {
          name: 'full',
          files: [
            { id: 3, name: 'a.md', description: '' },
            { id: 4, name: 'b.md', description: '' },
          ],
        },
      ]).handler,
    );
    render(<Harness />);
    await screen.findByText('empty');
    const remove = async (name: string) => {
      fireEvent.click(screen.getByRole('button', { name: `Actions for folder ${name}` }));
      await act(async () => {
        fireEvent.click(screen.getByRole('menuitem', { name: 'Delete folder' }));
      });
    };
    await remove('empty');
    expect(confirmSpy).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('empty')).toBeNull());

    fireEvent.click(await folderToggle('full'));
    fireEvent.click(screen.getByRole('button', { name: 'b.md' }));
    expect(screen.getByTestId('open-file').textContent).toBe('full/b.md');
    confirmSpy.mockReturnValueOnce(false);
    await remove('full');
    expect(confirmSpy).toHaveBeenLastCalledWith('Delete the folder "full" and its 2 files? This cannot be undone.');
    expect(api.find('DELETE', '/folders/full')).toHaveLength(0);
    await remove('full');
    await waitFor(() => expect(screen.getByText('No folders yet. Click "+ Folder" to create one.')).toBeTruthy());
    expect(api.find('DELETE', '/folders/full')).toHaveLength(1);
    expect(screen.getByTestId('open-file').textContent).toBe('About me');
  });

  it('Edit name renames the folder; the open file follows', async () => {
    const api = installFakeApi(fakeFiles([{ name: 'goals', files: [{ id: 3, name: 'a.md', description: '' }] }]).handler);
    render(<Harness />);
    fireEvent.click(await folderToggle('goals'));
    fireEvent.click(screen.getByRole('button', { name: 'a.md' }));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for folder goals' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit folder "goals"' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' career-goals ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Where next' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.find('PATCH', '/folders/goals')[0]?.body).toEqual({ name: 'goals', new_name: 'career-goals', description: 'Where next' });
    expect(screen.getByTestId('open-file').textContent).toBe('career-goals/a.md');
    expect(folderRow('career-goals').getAttribute('class')).toContain('is-expanded');
  });

  it('says "File ID missing." when a file has no id', async () => {
    installFakeApi(fakeFiles([{ name: 'odd', files: [{ name: 'ghost.md', description: '' } as FakeFile] }]).handler);
    render(<Harness />);
    fireEvent.click(await folderToggle('odd'));
    for (const item of ['Rename', 'Delete', 'Edit description']) {
      fireEvent.click(screen.getByRole('button', { name: 'Actions for ghost.md' }));
      fireEvent.click(screen.getByRole('menuitem', { name: item }));
      expect(alertSpy).toHaveBeenLastCalledWith('File ID missing.');
    }
    expect(alertSpy).toHaveBeenCalledTimes(3);
    expect(promptSpy).not.toHaveBeenCalled();
  });
});
