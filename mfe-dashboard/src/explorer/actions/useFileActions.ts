import { useMemo } from 'react';
import { FILE_NAME_MAX, normalizeFileName } from '@cc/contracts/names';
import { createFile, deleteFile, describeFile, renameFile, reorderFiles, type FileSummary } from '../api/files';
import { alertFailure, TEXT } from '../texts';
import { fileNameProblem } from '../nameRules';
import { findFile, findFolder } from '../useExplorer';
import { checkFileId, type ActionScope } from './scope';

export interface FileActions {
  open: (folder: string, file: FileSummary) => void;
  /** 'About me': no file open, the workspace shows the About me panel. */
  close: () => void;
  /** 'Add new file...': the create modal. */
  startCreate: (folder: string) => void;
  /** What is wrong with a file name as typed in a folder (null: nothing); `current` is the file being renamed. */
  nameProblem: (folder: string, name: string, current?: string) => string | null;
  /** Creates the file and opens it; false when the name is missing or the call failed (the alert was shown). */
  create: (folder: string, name: string, description: string) => Promise<boolean>;
  rename: (file: FileSummary) => Promise<void>;
  /** 'Edit description' in the file menu: the description modal. */
  editDescription: (file: FileSummary) => void;
  saveDescription: (fileId: number, description: string) => Promise<boolean>;
  remove: (file: FileSummary) => Promise<void>;
  /** 'History' in the file menu: opens the file and its history (docs/dashboard.md#history). */
  history: (folder: string, file: FileSummary) => void;
  move: (folder: string, from: number, to: number) => void;
}

/** What the file rows, their menu and the file modals do: the calls, the alerts (docs/dashboard.md#messages) and the page state. */
export function useFileActions({ explorer: ex, workspace: ws, showModal, dialogs }: ActionScope): FileActions {
  return useMemo<FileActions>(() => {
    const nameProblem = (folder: string, name: string, current?: string) =>
      fileNameProblem(name, findFolder(ex().current(), folder)?.files ?? [], current);
    return {
      nameProblem,
      open: (folder, file) => {
        if (checkFileId(file.id, dialogs)) ws().open({ id: file.id, name: file.name, folder });
      },
      close: () => ws().close(),
      startCreate: (folder) => showModal({ kind: 'file-create', folder }),
      create: async (folder, rawName, description) => {
        const name = normalizeFileName(rawName);
        if (!rawName.trim() || !name) {
          void dialogs.alert({ title: 'New file', message: TEXT.fileNameRequired });
          return false;
        }
        try {
          const answer = await createFile({ folder, name, description: description.trim() });
          const file = answer.file;
          const where = file.folder ?? folder;
          ex().addFile(where, { id: file.id, name: file.name, description: file.description ?? '' });
          ex().reveal(where, file.id);
          ws().open({ id: file.id, name: file.name, folder: where });
          return true;
        } catch (error) {
          alertFailure(dialogs, error, TEXT.createFile);
          return false;
        }
      },
      rename: async (file) => {
        if (!checkFileId(file.id, dialogs)) return;
        const folder = findFile(ex().current(), file.id)?.folder.name ?? '';
        const raw = await dialogs.prompt({
          title: `Rename "${file.name}"`,
          label: 'New file name:',
          initial: file.name,
          // An empty answer aborts, as Cancel does (docs/dashboard.md#files); anything else must be usable.
          validate: (value) => (normalizeFileName(value) ? nameProblem(folder, value, file.name) : null),
          maxLength: FILE_NAME_MAX,
          confirmLabel: 'Rename',
        });
        if (raw === null) return;
        const name = normalizeFileName(raw);
        if (!name || name === file.name) return;
        try {
          const { file: stored } = await renameFile(file.id, name);
          const saved = stored.name;
          ex().updateFile(file.id, { name: saved });
          ws().fileRenamed(file.id, saved);
        } catch (error) {
          alertFailure(dialogs, error, TEXT.renameFile);
        }
      },
      editDescription: (file) => {
        if (checkFileId(file.id, dialogs))
          showModal({ kind: 'file-description', fileId: file.id, name: file.name, description: file.description ?? '' });
      },
      saveDescription: async (fileId, description) => {
        if (!checkFileId(fileId, dialogs)) return false;
        try {
          const { file } = await describeFile(fileId, description.trim());
          ex().updateFile(fileId, { description: file.description });
          return true;
        } catch (error) {
          alertFailure(dialogs, error, TEXT.updateDescription);
          return false;
        }
      },
      remove: async (file) => {
        if (!checkFileId(file.id, dialogs)) return;
        const confirmed = await dialogs.confirm({
          title: 'Delete file',
          message: `Delete "${file.name}"? It stays in the trash for 30 days.`,
          confirmLabel: 'Delete',
          danger: true,
        });
        if (!confirmed) return;
        try {
          await deleteFile(file.id);
          if (ws().current()?.id === file.id) ws().close();
          ex().removeFile(file.id);
        } catch (error) {
          alertFailure(dialogs, error, TEXT.deleteFile);
        }
      },
      history: (folder, file) => {
        if (checkFileId(file.id, dialogs)) ws().requestHistory({ id: file.id, name: file.name, folder });
      },
      move: (folder, from, to) => {
        const ids = ex().moveFile(folder, from, to);
        // Saved only when something moved; a failed save is silent (docs/dashboard.md#folders).
        if (ids) reorderFiles(folder, ids).catch(() => undefined);
      },
    };
  }, [ex, ws, showModal, dialogs]);
}
