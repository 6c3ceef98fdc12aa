import { useMemo } from 'react';
import { DESCRIPTION_MAX, FOLDER_NAME_MAX, normalizeFolderName } from '@cc/contracts/names';
import { createFolder, deleteFolder, reorderFolders, updateFolder } from '../api/folders';
import { alertFailure, TEXT } from '../texts';
import { nameKey } from '../labels';
import { folderNameProblem } from '../nameRules';
import { findFolder } from '../useExplorer';
import type { ActionScope } from './scope';

export interface FolderActions {
  /** '+ Folder': prompt for the name (required, not an existing one), then the optional description. */
  add: () => Promise<void>;
  /** What is wrong with a folder name as typed (null: nothing); `current` is the folder being renamed. */
  nameProblem: (name: string, current?: string) => string | null;
  /** Creates the folder and shows it; false when the call failed (the alert was shown). */
  create: (name: string, description: string) => Promise<boolean>;
  /** 'Edit name' / 'Edit description' in the folder menu: the folder modal, that field focused. */
  edit: (folder: { name: string; description: string }, focus: 'name' | 'description') => void;
  save: (name: string, changes: { name: string; description: string }) => Promise<boolean>;
  remove: (name: string) => Promise<void>;
  move: (from: number, to: number) => void;
}

/** What the folder buttons, menu and modal do: the calls, the alerts (docs/dashboard.md#messages) and the page state. */
export function useFolderActions({ explorer: ex, workspace: ws, showModal, dialogs }: ActionScope): FolderActions {
  return useMemo<FolderActions>(() => {
    const create = async (name: string, description: string): Promise<boolean> => {
      try {
        const { folder } = await createFolder(name, description);
        ex().addFolder(folder);
        ex().reveal(folder.name);
        return true;
      } catch (error) {
        alertFailure(dialogs, error, TEXT.createFolder);
        return false;
      }
    };

    const nameProblem = (name: string, current?: string) => folderNameProblem(name, ex().current(), current);

    return {
      create,
      nameProblem,
      add: async () => {
        // The folder's questions, asked in the page (docs/dashboard.md#folders): a name that is missing or taken is reported
        // as it is typed, so only a usable one comes back.
        const raw = await dialogs.prompt({
          title: 'New folder',
          label: 'Folder name:',
          validate: (value) => nameProblem(value),
          maxLength: FOLDER_NAME_MAX,
          confirmLabel: 'Next',
        });
        if (raw === null) return;
        const name = normalizeFolderName(raw);
        // Taken meanwhile (another tab): 'Folder already exists.'
        if (findFolder(ex().current(), name)) {
          void dialogs.alert({ title: 'New folder', message: TEXT.folderExists });
          return;
        }
        const description = await dialogs.prompt({
          title: 'New folder',
          label: `Description for "${name}" (optional):`,
          initial: '',
          maxLength: DESCRIPTION_MAX,
          confirmLabel: 'Create',
        });
        // Unlike the browser's prompt, Cancel here means what it says: no folder.
        if (description === null) return;
        await create(name, description.trim());
      },
      edit: (folder, focus) => showModal({ kind: 'folder-edit', folder: folder.name, description: folder.description, focus }),
      save: async (name, changes) => {
        const newName = normalizeFolderName(changes.name);
        if (!newName) {
          void dialogs.alert({ title: 'Edit folder', message: TEXT.folderNameRequired });
          return false;
        }
        try {
          const body: { new_name?: string; description: string } = { description: changes.description.trim() };
          if (newName !== name) body.new_name = newName;
          const { folder: saved } = await updateFolder(name, body);
          ex().updateFolder(name, { name: saved.name, description: saved.description });
          ws().folderRenamed(name, saved.name);
          return true;
        } catch (error) {
          alertFailure(dialogs, error, TEXT.updateFolder);
          return false;
        }
      },
      remove: async (name) => {
        const folder = findFolder(ex().current(), name);
        if (!folder) return;
        const count = folder.files.length;
        // An empty folder goes without confirmation (docs/dashboard.md#folders).
        if (
          count > 0 &&
          !(await dialogs.confirm({
            title: 'Delete folder',
            message: `Delete the folder "${folder.name}" and its ${count === 1 ? 'file' : `${count} files`}? They go to the trash for 30 days.`,
            confirmLabel: 'Delete',
            danger: true,
          }))
        )
          return;
        try {
          await deleteFolder(folder.name);
          const open = ws().current();
          const ids = folder.files.map((f) => f.id);
          if (open && (nameKey(open.folder) === nameKey(folder.name) || ids.includes(open.id))) ws().close();
          ex().removeFolder(folder.name);
        } catch (error) {
          alertFailure(dialogs, error, TEXT.deleteFolder);
        }
      },
      move: (from, to) => {
        const order = ex().moveFolder(from, to);
        // Saved only when something moved; a failed save is silent (docs/dashboard.md#folders).
        if (order) reorderFolders(order).catch(() => undefined);
      },
    };
  }, [ex, ws, showModal, dialogs]);
}
