import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { expect, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { DialogProvider } from '@cc/ui/dialogs';
import { installContractApi, type ContractRoutes } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import { useWorkspace } from '../../workspace/useWorkspace';
import { ExplorerActionsProvider } from '../actions/ExplorerActionsProvider';
import { Explorer } from '../Explorer';
import { useExplorer } from '../useExplorer';

/** The dashboard page without the remote About me panel and the (big) file workspace, with its own QueryClient (or this one). */
export function Harness({ client }: { client?: QueryClient }) {
  const [Queries] = useState(() => withQueries(client));
  return (
    <Queries>
      <DialogProvider>
        <Page />
      </DialogProvider>
    </Queries>
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
      <output data-testid="history">{workspace.historyRequest ? String(workspace.historyRequest.fileId) : ''}</output>
    </>
  );
}

export interface FakeFile {
  id: number;
  name: string;
  description: string;
}

type Body = Record<string, unknown>;
const notFound = { status: 404, body: { success: false, errors: ['Folder not found.'] } };

/** The explorer's calls answered from these folders (the contract checks what is sent and answered). */
export function fakeFiles(initial: { name: string; description?: string; files?: FakeFile[] }[]) {
  const folders = initial.map((f) => ({ name: f.name, description: f.description ?? '', files: [...(f.files ?? [])] }));
  const listed = () => folders.map((f, position) => ({ name: f.name, description: f.description, position }));
  const byName = (name: string | undefined) => folders.findIndex((f) => f.name === name);
  let nextId = 100;
  const routes: ContractRoutes = {
    'GET /folders': () => ({ success: true, folders: listed() }),
    'GET /files': () => {
      // Integer-like keys come first in a JS object whatever the insertion order, like in a browser.
      const index = Object.fromEntries(folders.map((f) => [f.name, f.files]));
      // A file without an id is not what the contract allows: answered as it is, to see the page cope.
      return folders.some((f) => f.files.some((file) => typeof file.id !== 'number')) ? { status: 200, body: index } : index;
    },
    'POST /folders': ({ body }) => {
      const { name, description } = body as { name: string; description?: string };
      if (folders.some((f) => f.name.toLowerCase() === name.toLowerCase()))
        return { status: 422, body: { success: false, errors: ['Folder already exists.'] } };
      folders.push({ name, description: description ?? '', files: [] });
      return { success: true, errors: [], folder: listed().at(-1)! };
    },
    'PATCH /folders/reorder': () => ({ success: true, ignored: [] }),
    'PATCH /folders/{folderName}': ({ params, body }) => {
      const index = byName(params.folderName);
      if (index < 0) return notFound;
      const folder = folders[index]!;
      const { new_name, description } = body as Body;
      if (typeof new_name === 'string') folder.name = new_name;
      if (typeof description === 'string') folder.description = description;
      return { success: true, errors: [], folder: listed()[index]! };
    },
    'DELETE /folders/{folderName}': ({ params }) => {
      const index = byName(params.folderName);
      if (index < 0) return notFound;
      const [gone] = folders.splice(index, 1);
      return { success: true, errors: [], deleted_files: gone!.files.length };
    },
    'POST /files': ({ body }) => {
      const file = (body as { file: { name: string; folder: string; description: string } }).file;
      const folder = folders[byName(file.folder)]!;
      const created = { id: nextId++, name: file.name, description: file.description };
      folder.files.push(created);
      return { success: true, errors: [], file: { ...created, folder: folder.name, position: 0, revision: 1 }, folder_created: false };
    },
    'PUT /files/{id}': ({ params, body }) => {
      const file = folders.flatMap((f) => f.files).find((f) => f.id === Number(params.id))!;
      Object.assign(file, (body as { file: Partial<FakeFile> }).file);
      const folder = folders.find((f) => f.files.includes(file))!;
      return { success: true, errors: [], file: { ...file, folder: folder.name, position: 0, revision: 1 } };
    },
    'DELETE /files/{id}': ({ params }) => {
      for (const folder of folders) folder.files = folder.files.filter((f) => f.id !== Number(params.id));
      return { success: true, errors: [] };
    },
    'PATCH /files/reorder': () => ({ success: true, ignored: [] }),
  };
  return { folders, routes };
}

let served: ReturnType<typeof installContractApi> | null = null;

/** Serves these folders (and `more` calls) for the test; `checkContract` (afterEach) fails it on a contract violation. */
export function serveFolders(initial: Parameters<typeof fakeFiles>[0], more: ContractRoutes = {}) {
  served = installContractApi({ ...fakeFiles(initial).routes, ...more });
  return served;
}

export function checkContract(): void {
  const fake = served;
  served = null;
  fake?.uninstall();
  fake?.assertNoViolations();
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
