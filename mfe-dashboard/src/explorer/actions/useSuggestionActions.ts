import { useMemo } from 'react';
import { normalizeFileName, normalizeFolderName } from '@cc/contracts/names';
import { createFile, type FileSummary } from '../api/files';
import type { Suggestion } from '../api/suggestions';
import { alertFailure, TEXT } from '../texts';
import { findFile, findFolder } from '../useExplorer';
import { checkFileId, type ActionScope } from './scope';
import type { FolderActions } from './useFolderActions';

export type SuggestedFolderResult = 'created' | 'exists' | 'ignored' | 'failed';

/** What a file's AI draft is for: the file the prompt editor was opened on. */
export interface DraftTarget {
  fileId: number;
  folder: string;
  name: string;
  description: string;
}

/** What the AI proposes: suggested folders and files, and a file's draft ('Generate with AI'). */
export interface SuggestionActions {
  /** 'Suggested folders': the suggestions modal. */
  showFolders: () => void;
  /** A folder's 'Suggested files': the suggestions modal for that folder. */
  showFiles: (folder: string) => void;
  createFolder: (suggestion: Suggestion) => Promise<SuggestedFolderResult>;
  /** Creates the file and opens it with its AI draft; false when it was not created. */
  createFile: (folder: string, suggestion: Suggestion) => Promise<boolean>;
  /** 'Generate with AI' in a file's menu: the prompt editor. */
  draftFile: (folder: string, file: FileSummary) => void;
  /** The prompt editor of 'Generate with AI' was submitted. */
  submitDraftPrompt: (target: DraftTarget, prompt: { system?: string; user?: string }) => void;
}

export function useSuggestionActions(
  { explorer: ex, workspace: ws, showModal, dialogs }: ActionScope,
  folders: FolderActions,
): SuggestionActions {
  return useMemo<SuggestionActions>(
    () => ({
      showFolders: () => showModal({ kind: 'suggested-folders' }),
      showFiles: (folder) => showModal({ kind: 'suggested-files', folder }),
      createFolder: async (suggestion) => {
        const name = normalizeFolderName(suggestion.name ?? '');
        if (!name) return 'ignored';
        const existing = findFolder(ex().current(), name);
        if (existing) {
          ex().reveal(existing.name);
          return 'exists';
        }
        return (await folders.create(name, (suggestion.description ?? '').trim())) ? 'created' : 'failed';
      },
      createFile: async (folder, suggestion) => {
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
            {
              draft: { kind: 'suggestion', fileId: file.id, folder: where, name: file.name, description: file.description ?? description },
            },
          );
          return true;
        } catch (error) {
          alertFailure(dialogs, error, TEXT.createFile);
          return false;
        }
      },
      draftFile: (folder, file) => {
        if (checkFileId(file.id, dialogs))
          showModal({ kind: 'draft-prompt', fileId: file.id, folder, name: file.name, description: file.description ?? '' });
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
    }),
    [ex, ws, showModal, dialogs, folders],
  );
}
