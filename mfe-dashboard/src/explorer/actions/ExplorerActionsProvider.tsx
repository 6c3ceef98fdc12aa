import { createContext, use, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDialogs } from '@cc/ui/dialogs';
import type { Workspace } from '../../workspace/useWorkspace';
import type { Explorer } from '../useExplorer';
import type { ActionScope, ExplorerModal } from './scope';
import { useFileActions, type FileActions } from './useFileActions';
import { useFolderActions, type FolderActions } from './useFolderActions';
import { useSuggestionActions, type SuggestionActions } from './useSuggestionActions';

export type { ExplorerModal } from './scope';

/** Everything the explorer's buttons, menus and modals do, by noun. */
export interface ExplorerActions {
  folders: FolderActions;
  files: FileActions;
  suggestions: SuggestionActions;
  closeModal: () => void;
}

// Two contexts: the actions never change, so the rows that read them never re-render for a
// modal opening; only the explorer reads which modal is open.
const ActionsContext = createContext<ExplorerActions | null>(null);
const ModalContext = createContext<ExplorerModal | null>(null);

/**
 * Makes the explorer's actions for everything below it: a folder row or a modal takes them with
 * `useExplorerActions()` instead of receiving them through every component in between. Their
 * questions and alerts are in-app dialogs: a DialogProvider (`@cc/ui/dialogs`) must be above.
 */
export function ExplorerActionsProvider({
  explorer,
  workspace,
  children,
}: {
  explorer: Explorer;
  workspace: Workspace;
  children: ReactNode;
}) {
  const [modal, setModal] = useState<ExplorerModal | null>(null);
  const latest = useRef({ explorer, workspace });
  latest.current = { explorer, workspace };
  const dialogs = useDialogs();
  const scope = useMemo<ActionScope>(
    () => ({ explorer: () => latest.current.explorer, workspace: () => latest.current.workspace, showModal: setModal, dialogs }),
    [dialogs],
  );
  const folders = useFolderActions(scope);
  const files = useFileActions(scope);
  const suggestions = useSuggestionActions(scope, folders);
  const actions = useMemo<ExplorerActions>(
    () => ({ folders, files, suggestions, closeModal: () => setModal(null) }),
    [folders, files, suggestions],
  );
  return (
    <ActionsContext value={actions}>
      <ModalContext value={modal}>{children}</ModalContext>
    </ActionsContext>
  );
}

export function useExplorerActions(): ExplorerActions {
  const actions = use(ActionsContext);
  if (!actions) throw new Error('useExplorerActions needs an ExplorerActionsProvider above it.');
  return actions;
}

/** The modal the explorer shows now (null: none). */
export function useExplorerModal(): ExplorerModal | null {
  return use(ModalContext);
}
