import './modals.css';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  draftPromptQuery,
  filePromptQuery,
  folderPromptQuery,
  regenerateSuggestedFiles,
  regenerateSuggestedFolders,
  rejectSuggestedFile,
  rejectSuggestedFolder,
  suggestedFilesKey,
  suggestedFilesQuery,
  suggestedFoldersQuery,
  type Suggestion,
} from '../api/suggestions';
import { useExplorerActions, type ExplorerModal } from '../actions/ExplorerActionsProvider';
import { FILES_COUNT_KEY, FOLDERS_COUNT_KEY } from '../counts';
import { FileCreateModal } from './FileCreateModal';
import { FileDescriptionModal } from './FileDescriptionModal';
import { FolderEditModal } from './FolderEditModal';
import { PromptEditorModal } from './PromptEditorModal';
import { SuggestionsModal, type CreateOutcome } from './SuggestionsModal';

/** The suggested-files list refreshes 300 ms after a file was created from it (docs/dashboard.md#suggestions). */
export const SUGGESTED_FILES_REFRESH_MS = 300;

const ignore = () => undefined;

function SuggestedFoldersModal({ onClose }: { onClose: () => void }) {
  const { suggestions } = useExplorerActions();
  const onCreate = useCallback(
    async (s: Suggestion): Promise<CreateOutcome> => {
      const result = await suggestions.createFolder(s);
      // An existing folder is only scrolled to and expanded: close the modal so it shows.
      return result === 'created' ? 'remove' : result === 'exists' ? 'close' : 'keep';
    },
    [suggestions],
  );
  return (
    <SuggestionsModal
      title="Suggested folders"
      list={suggestedFoldersQuery}
      countKey={FOLDERS_COUNT_KEY}
      noun="folders"
      onCreate={onCreate}
      onReject={(s) => void rejectSuggestedFolder(s.name ?? '').catch(ignore)}
      prompt={folderPromptQuery}
      regenerate={(prompt, count) => regenerateSuggestedFolders(prompt, count).then((a) => a.suggestions)}
      promptCount
      onClose={onClose}
    />
  );
}

function SuggestedFilesModal({ folder, onClose }: { folder: string; onClose: () => void }) {
  const { suggestions } = useExplorerActions();
  const client = useQueryClient();
  const list = useCallback((count: number) => suggestedFilesQuery(folder, count), [folder]);
  const onCreate = useCallback(
    async (s: Suggestion): Promise<CreateOutcome> => {
      const ok = await suggestions.createFile(folder, s);
      if (!ok) return 'keep';
      // The new file is open with its AI draft: close the list, and read it again 300 ms later.
      setTimeout(() => void client.refetchQueries({ queryKey: suggestedFilesKey(folder), exact: true }), SUGGESTED_FILES_REFRESH_MS);
      return 'close';
    },
    [suggestions, folder, client],
  );
  return (
    <SuggestionsModal
      title={`Suggested files for "${folder}"`}
      list={list}
      countKey={FILES_COUNT_KEY}
      noun="files"
      onCreate={onCreate}
      onReject={(s) => void rejectSuggestedFile(folder, s.name ?? '').catch(ignore)}
      prompt={(count) => filePromptQuery(folder, count)}
      regenerate={(prompt, count) => regenerateSuggestedFiles(folder, prompt, count).then(() => undefined)}
      promptCount={false}
      onClose={onClose}
    />
  );
}

/** The explorer's modals, one at a time (this module is loaded on first use). */
export default function ExplorerModals({ modal }: { modal: ExplorerModal }) {
  const { folders, files, suggestions, closeModal: close } = useExplorerActions();
  switch (modal.kind) {
    case 'folder-edit':
      return (
        <FolderEditModal
          folder={modal.folder}
          description={modal.description}
          focus={modal.focus}
          validate={(name) => folders.nameProblem(name, modal.folder)}
          onSave={(changes) => folders.save(modal.folder, changes)}
          onClose={close}
        />
      );
    case 'file-create':
      return (
        <FileCreateModal
          folder={modal.folder}
          validate={(name) => files.nameProblem(modal.folder, name)}
          onCreate={(name, description) => files.create(modal.folder, name, description)}
          onClose={close}
        />
      );
    case 'file-description':
      return (
        <FileDescriptionModal
          name={modal.name}
          description={modal.description}
          onSave={(d) => files.saveDescription(modal.fileId, d)}
          onClose={close}
        />
      );
    case 'suggested-folders':
      return <SuggestedFoldersModal onClose={close} />;
    case 'suggested-files':
      return <SuggestedFilesModal key={modal.folder} folder={modal.folder} onClose={close} />;
    case 'draft-prompt':
      return (
        <PromptEditorModal
          title={`Generate "${modal.name.replace(/\.md$/i, '')}" with AI`}
          prompt={draftPromptQuery(modal.folder, modal.name, modal.description)}
          onSubmit={(prompt) =>
            suggestions.submitDraftPrompt(
              { fileId: modal.fileId, folder: modal.folder, name: modal.name, description: modal.description },
              { system: prompt.system.trim() ? prompt.system : undefined, user: prompt.user.trim() ? prompt.user : undefined },
            )
          }
          onClose={close}
        />
      );
    default:
      return null;
  }
}

export { ExplorerModals };
