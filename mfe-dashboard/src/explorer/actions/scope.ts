import type { Dialogs } from '@cc/ui/dialogs';
import type { Workspace } from '../../workspace/useWorkspace';
import { TEXT } from '../texts';
import type { Explorer } from '../useExplorer';

/** A modal the explorer shows (loaded on first use). */
export type ExplorerModal =
  | { kind: 'folder-edit'; folder: string; description: string; focus: 'name' | 'description' }
  | { kind: 'file-create'; folder: string }
  | { kind: 'file-description'; fileId: number; name: string; description: string }
  | { kind: 'suggested-folders' }
  | { kind: 'suggested-files'; folder: string }
  | { kind: 'draft-prompt'; fileId: number; folder: string; name: string; description: string };

/**
 * What every explorer action works on. Getters rather than values: the actions are made once
 * (so memoised rows never re-render for them) and still see the latest list and open file.
 */
export interface ActionScope {
  explorer: () => Explorer;
  workspace: () => Workspace;
  showModal: (modal: ExplorerModal | null) => void;
  /** The in-app prompt, confirm and alert (never the browser's). */
  dialogs: Dialogs;
}

/** A row without a usable id is never sent to the server: the 'File ID missing.' alert instead (docs/dashboard.md#files). */
export function checkFileId(id: unknown, dialogs: Dialogs): id is number {
  if (typeof id === 'number' && Number.isInteger(id) && id > 0) return true;
  void dialogs.alert({ title: 'This file cannot be used', message: TEXT.fileIdMissing });
  return false;
}
