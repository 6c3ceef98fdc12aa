import { expect, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { DialogProvider } from '@cc/ui/dialogs';
import type { FakeHandler } from '../../testing/fakeApi';
import { useWorkspace } from '../../workspace/useWorkspace';
import { ExplorerActionsProvider } from '../actions/ExplorerActionsProvider';
import { Explorer } from '../Explorer';
import { useExplorer } from '../useExplorer';

/** The dashboard page without the remote About me panel and the (big) file workspace. */
export function Harness() {
  return (
    <DialogProvider>
      <Page />
    </DialogProvider>
  );
}

function Page() {
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

export interface FakeFile {
  id: number;
  name: string;
  description: string;
}

/** A small in-memory svc-files for the explorer's calls. */
export function fakeFiles(initial: { name: string; description?: string; files?: FakeFile[] }[]) {
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
    if (fileMatch && method === 'DELETE') {
      const id = Number(fileMatch[1]);
      for (const folder of folders) folder.files = folder.files.filter((f) => f.id !== id);
      return { body: { success: true, errors: [] } };
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

export const explorerRoot = () => screen.getByTestId('explorer-root');
export const folderRow = (name: string) =>
  screen.getAllByTestId('explorer-folder').find((el) => el.getAttribute('data-folder-name') === name)!;
/** The header button of a folder (its name is "<folder> <n> files"). */
export async function folderToggle(name: string): Promise<HTMLElement> {
  await screen.findByText(name);
  return folderRow(name).querySelector<HTMLElement>('.folder-toggle')!;
}

/** The browser's own dialogs fail the test: the explorer asks and tells in the page only. */
export function forbidNativeDialogs(): () => void {
  const spies = (['prompt', 'confirm', 'alert'] as const).map((name) =>
    jest.spyOn(window, name).mockImplementation(() => {
      throw new Error(`window.${name} was called`);
    }),
  );
  return () => {
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  };
}

/** The in-app dialog named `title` (opened by the last action). */
export const dialogNamed = (title: string) => screen.findByRole('dialog', { name: title });

/** The problem reported under a dialog's field, or null. */
export const problemIn = (dialog: HTMLElement) => within(dialog).queryByRole('alert')?.textContent ?? null;
