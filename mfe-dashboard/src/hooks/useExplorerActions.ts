import { useMemo, useRef } from 'react';
import type { FileSummary } from '@cc/contracts';
import { normalizeFileName, normalizeFolderName } from '@cc/contracts/names';
import { createFolder, deleteFolder, reorderFolders, updateFolder } from '../api/folders';
import { createFile, deleteFile, describeFile, renameFile, reorderFiles } from '../api/files';
import { failureText, TEXT, type FailureTexts } from '../components/explorer/errors';
import { nameKey } from '../components/explorer/labels';
import type { Workspace } from '../workspace/useWorkspace';
import { findFile, findFolder, type Explorer } from './useExplorer';

/** A modal the explorer shows (loaded on first use). */
export type ExplorerModal =
  | { kind: 'folder-edit'; folder: string; description: string; focus: 'name' | 'description' }
  | { kind: 'file-create'; folder: string }
  | { kind: 'file-description'; fileId: number; name: string; description: string }
  | { kind: 'suggested-folders' }
  | { kind: 'suggested-files'; folder: string }
  | { kind: 'draft-prompt'; fileId: number; folder: string; name: string; description: string };

export interface Suggestion {
  name?: string | null;
  description?: string | null;
}

export type SuggestedFolderResult = 'created' | 'exists' | 'ignored' | 'failed';

export interface ExplorerActions {
  openFile: (folder: string, file: FileSummary) => void;
  showAboutMe: () => void;
  /** '+ Folder': prompt for the name (required, not an existing one), then the optional description. */
  addFolder: () => Promise<void>;
  saveFolder: (name: string, changes: { name: string; description: string }) => Promise<boolean>;
  deleteFolder: (name: string) => Promise<void>;
  moveFolder: (from: number, to: number) => void;
  createFile: (folder: string, name: string, description: string) => Promise<boolean>;
  renameFile: (file: FileSummary) => Promise<void>;
  saveFileDescription: (fileId: number, description: string) => Promise<boolean>;
  deleteFile: (file: FileSummary) => Promise<void>;
  moveFile: (folder: string, from: number, to: number) => void;
  editFileDescription: (file: FileSummary) => void;
  generateWithAi: (folder: string, file: FileSummary) => void;
  /** The prompt editor of 'Generate with AI' was submitted. */
  submitDraftPrompt: (target: { fileId: number; folder: string; name: string; description: string }, prompt: { system?: string; user?: string }) => void;
  createSuggestedFolder: (suggestion: Suggestion) => Promise<SuggestedFolderResult>;
  createSuggestedFile: (folder: string, suggestion: Suggestion) => Promise<boolean>;
  /** Names of the folders now (the suggestion modals check against them). */
  folderNames: () => string[];
  setModal: (modal: ExplorerModal | null) => void;
}

const validId = (id: unknown): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0;

function report(error: unknown, [prefix, network]: FailureTexts): void {
  window.alert(failureText(error, prefix, network));
}

/** Everything the explorer's buttons, menus and modals do: the calls, the alerts (spec §8) and the page state. */
export function useExplorerActions(explorer: Explorer, workspace: Workspace, setModal: (modal: ExplorerModal | null) => void): ExplorerActions {
  const refs = useRef({ explorer, workspace, setModal });
  refs.current = { explorer, workspace, setModal };

  return useMemo<ExplorerActions>(() => {
    const ex = () => refs.current.explorer;
    const ws = () => refs.current.workspace;

    const openIn = (folder: string, file: { id: number; name: string }) => ws().open({ id: file.id, name: file.name, folder });

    const createFolderNamed = async (name: string, description: string): Promise<boolean> => {
      try {
        const answer = await createFolder(name, description);
        const folder = answer?.folder ?? { name, description };
        ex().addFolder({ name: folder.name, description: folder.description });
        ex().reveal(folder.name);
        return true;
      } catch (error) {
        report(error, TEXT.createFolder);
        return false;
      }
    };

    const closeIfInside = (folder: string, ids: number[]) => {
      const open = ws().current();
      if (open && (nameKey(open.folder) === nameKey(folder) || ids.includes(open.id))) ws().close();
    };

    const actions: ExplorerActions = {
      openFile: (folder, file) => {
        if (!validId(file.id)) {
          window.alert(TEXT.fileIdMissing);
          return;
        }
        openIn(folder, file);
      },
      showAboutMe: () => ws().close(),
      addFolder: async () => {
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
        await createFolderNamed(name, (description ?? '').trim());
      },
      saveFolder: async (name, changes) => {
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
          report(error, TEXT.updateFolder);
          return false;
        }
      },
      deleteFolder: async (name) => {
        const folder = findFolder(ex().current(), name);
        if (!folder) return;
        const count = folder.files.length;
        // Spec §4: an empty folder goes without confirmation.
        if (count > 0 && !window.confirm(`Delete the folder "${folder.name}" and its ${count === 1 ? 'file' : `${count} files`}? This cannot be undone.`)) return;
        try {
          await deleteFolder(folder.name);
          closeIfInside(folder.name, folder.files.map((f) => f.id));
          ex().removeFolder(folder.name);
        } catch (error) {
          report(error, TEXT.deleteFolder);
        }
      },
      moveFolder: (from, to) => {
        const order = ex().moveFolder(from, to);
        // Saved only when something moved; a failed save is silent (spec §8).
        if (order) reorderFolders(order).catch(() => undefined);
      },
      createFile: async (folder, rawName, description) => {
        const name = normalizeFileName(rawName);
        if (!rawName.trim() || !name) {
          window.alert(TEXT.fileNameRequired);
          return false;
        }
        try {
          const answer = await createFile({ folder, name, description: description.trim() });
          const file = answer.file;
          const where = file.folder ?? folder;
          ex().addFile(where, { id: file.id, name: file.name, description: file.description ?? '' });
          ex().reveal(where, file.id);
          openIn(where, file);
          return true;
        } catch (error) {
          report(error, TEXT.createFile);
          return false;
        }
      },
      renameFile: async (file) => {
        if (!validId(file.id)) {
          window.alert(TEXT.fileIdMissing);
          return;
        }
        const raw = window.prompt('New file name:', file.name);
        if (raw === null) return;
        const name = normalizeFileName(raw);
        if (!name || name === file.name) return;
        try {
          const answer = await renameFile(file.id, name);
          const saved = answer?.file?.name ?? name;
          ex().updateFile(file.id, { name: saved });
          ws().fileRenamed(file.id, saved);
        } catch (error) {
          report(error, TEXT.renameFile);
        }
      },
      saveFileDescription: async (fileId, description) => {
        if (!validId(fileId)) {
          window.alert(TEXT.fileIdMissing);
          return false;
        }
        try {
          const answer = await describeFile(fileId, description.trim());
          ex().updateFile(fileId, { description: answer?.file?.description ?? description.trim() });
          return true;
        } catch (error) {
          report(error, TEXT.updateDescription);
          return false;
        }
      },
      deleteFile: async (file) => {
        if (!validId(file.id)) {
          window.alert(TEXT.fileIdMissing);
          return;
        }
        if (!window.confirm(`Delete "${file.name}"? This cannot be undone.`)) return;
        try {
          await deleteFile(file.id);
          if (ws().current()?.id === file.id) ws().close();
          ex().removeFile(file.id);
        } catch (error) {
          report(error, TEXT.deleteFile);
        }
      },
      moveFile: (folder, from, to) => {
        const ids = ex().moveFile(folder, from, to);
        if (ids) reorderFiles(folder, ids).catch(() => undefined);
      },
      editFileDescription: (file) => {
        if (!validId(file.id)) {
          window.alert(TEXT.fileIdMissing);
          return;
        }
        refs.current.setModal({ kind: 'file-description', fileId: file.id, name: file.name, description: file.description ?? '' });
      },
      generateWithAi: (folder, file) => {
        if (!validId(file.id)) {
          window.alert(TEXT.fileIdMissing);
          return;
        }
        refs.current.setModal({ kind: 'draft-prompt', fileId: file.id, folder, name: file.name, description: file.description ?? '' });
      },
      submitDraftPrompt: (target, prompt) => {
        // The file may have been renamed or moved meanwhile: use what the explorer has now.
        const found = findFile(ex().current(), target.fileId);
        const folder = found?.folder.name ?? target.folder;
        const name = found?.file.name ?? target.name;
        const description = found?.file.description ?? target.description;
        ws().open(
          { id: target.fileId, name, folder },
          { draft: { kind: 'generate', fileId: target.fileId, folder, name, description, system: prompt.system, user: prompt.user } },
        );
      },
      createSuggestedFolder: async (suggestion) => {
        const name = normalizeFolderName(suggestion.name ?? '');
        if (!name) return 'ignored';
        const existing = findFolder(ex().current(), name);
        if (existing) {
          ex().reveal(existing.name);
          return 'exists';
        }
        return (await createFolderNamed(name, (suggestion.description ?? '').trim())) ? 'created' : 'failed';
      },
      createSuggestedFile: async (folder, suggestion) => {
        const name = normalizeFileName(suggestion.name ?? '');
        if (!name) return false;
        const description = (suggestion.description ?? '').trim();
        try {
          const answer = await createFile({ folder, name, description });
          const file = answer.file;
          const where = file.folder ?? folder;
          ex().addFile(where, { id: file.id, name: file.name, description: file.description ?? description });
          ex().reveal(where, file.id);
          // Selected at once; the workspace shows the AI draft as an all-added diff.
          ws().open(
            { id: file.id, name: file.name, folder: where },
            { draft: { kind: 'suggestion', fileId: file.id, folder: where, name: file.name, description: file.description ?? description } },
          );
          return true;
        } catch (error) {
          report(error, TEXT.createFile);
          return false;
        }
      },
      folderNames: () => ex().current().map((f) => f.name),
      setModal: (modal) => refs.current.setModal(modal),
    };
    return actions;
  }, []);
}
