import { useMemo } from 'react';
import { normalizeFolderName } from '@cc/contracts/names';
import { createFolder, deleteFolder, reorderFolders, updateFolder } from '../api/folders';
import { alertFailure, TEXT } from '../errors';
import { nameKey } from '../labels';
import { findFolder } from '../useExplorer';
import type { ActionScope } from './scope';

export interface FolderActions {
  /** '+ Folder': prompt for the name (required, not an existing one), then the optional description. */
  add: () => Promise<void>;
  /** Creates the folder and shows it; false when the call failed (the alert was shown). */
  create: (name: string, description: string) => Promise<boolean>;
  /** 'Edit name' / 'Edit description' in the folder menu: the folder modal, that field focused. */
  edit: (folder: { name: string; description: string }, focus: 'name' | 'description') => void;
  save: (name: string, changes: { name: string; description: string }) => Promise<boolean>;
  remove: (name: string) => Promise<void>;
  move: (from: number, to: number) => void;
}

/** What the folder buttons, menu and modal do: the calls, the alerts (spec §8) and the page state. */
export function useFolderActions({ explorer: ex, workspace: ws, showModal }: ActionScope): FolderActions {
  return useMemo<FolderActions>(() => {
    const create = async (name: string, description: string): Promise<boolean> => {
      try {
        const answer = await createFolder(name, description);
        const folder = answer?.folder ?? { name, description };
        ex().addFolder({ name: folder.name, description: folder.description });
        ex().reveal(folder.name);
        return true;
      } catch (error) {
        alertFailure(error, TEXT.createFolder);
        return false;
      }
    };

    return {
      create,
      add: async () => {
        const raw = window.prompt('Folder name:');
        if (raw === null) return;
        const name = normalizeFolderName(raw);
        if (!name) {
          window.alert(TEXT.folderNameRequired);
          return;
        }
        if (findFolder(ex().current(), name)) {
          window.alert(TEXT.folderExists);
          return;
        }
        const description = window.prompt(`Description for "${name}" (optional):`, '');
        await create(name, (description ?? '').trim());
      },
      edit: (folder, focus) => showModal({ kind: 'folder-edit', folder: folder.name, description: folder.description, focus }),
      save: async (name, changes) => {
        const newName = normalizeFolderName(changes.name);
        if (!newName) {
          window.alert(TEXT.folderNameRequired);
          return false;
        }
        try {
          const body: { new_name?: string; description: string } = { description: changes.description.trim() };
          if (newName !== name) body.new_name = newName;
          const answer = await updateFolder(name, body);
          const saved = answer?.folder ?? { name: newName, description: body.description };
          ex().updateFolder(name, { name: saved.name, description: saved.description });
          ws().folderRenamed(name, saved.name);
          return true;
        } catch (error) {
          alertFailure(error, TEXT.updateFolder);
          return false;
        }
      },
      remove: async (name) => {
        const folder = findFolder(ex().current(), name);
        if (!folder) return;
        const count = folder.files.length;
        // Spec §4: an empty folder goes without confirmation.
        if (
          count > 0 &&
          !window.confirm(`Delete the folder "${folder.name}" and its ${count === 1 ? 'file' : `${count} files`}? This cannot be undone.`)
        )
          return;
        try {
          await deleteFolder(folder.name);
          const open = ws().current();
          const ids = folder.files.map((f) => f.id);
          if (open && (nameKey(open.folder) === nameKey(folder.name) || ids.includes(open.id))) ws().close();
          ex().removeFolder(folder.name);
        } catch (error) {
          alertFailure(error, TEXT.deleteFolder);
        }
      },
      move: (from, to) => {
        const order = ex().moveFolder(from, to);
        // Saved only when something moved; a failed save is silent (spec §8).
        if (order) reorderFolders(order).catch(() => undefined);
      },
    };
  }, [ex, ws, showModal]);
}
