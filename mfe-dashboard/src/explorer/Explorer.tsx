import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import type { Explorer as ExplorerState, ExplorerFolder } from './useExplorer';
import { useExplorerActions, useExplorerModal } from './actions/ExplorerActionsProvider';
import { FolderItem } from './FolderItem';
import { OpenMenuScope } from './Menu';
import { TEXT } from './texts';
import { nameKey } from './labels';
import { PlainList, useDnd, type SortBindings } from '@cc/ui/sortable';
// .cc-frame from the subpath: the rest of @cc/ui is not on the first visit.
import '@cc/ui/controls.css';
import './explorer.css';

// The modals (and @cc/ui's Modal with them) load on first use: not part of the first visit.
const ExplorerModals = lazy(() => import(/* webpackChunkName: "explorer-modals" */ './modals/ExplorerModals'));

export interface ExplorerProps {
  explorer: ExplorerState;
  /** The open file's id (null: the About me view). */
  selectedId: number | null;
}

const folderId = (folder: ExplorerFolder) => `folder-${nameKey(folder.name)}`;
const describeFolder = (folder: ExplorerFolder) => `folder ${folder.name}`;

/**
 * The left column: folders and their files, drag reorder, menus and the suggestion flows. What
 * the buttons do comes from the ExplorerActionsProvider above it.
 */
export function Explorer({ explorer, selectedId }: ExplorerProps) {
  const actions = useExplorerActions();
  const modal = useExplorerModal();
  const rootRef = useRef<HTMLElement>(null);
  const { dnd, want } = useDnd(rootRef);
  const { folders, status, revealTarget } = explorer;

  // Scroll a revealed folder (or file) into view once it is rendered.
  useEffect(() => {
    if (!revealTarget) return;
    const frame = requestAnimationFrame(() => {
      const root = rootRef.current;
      if (!root) return;
      const folder = Array.from(root.querySelectorAll<HTMLElement>('[data-testid="explorer-folder"]')).find(
        (el) => nameKey(el.dataset.folderName ?? '') === nameKey(revealTarget.folder),
      );
      const file = revealTarget.fileId !== undefined ? folder?.querySelector<HTMLElement>(`[data-file-id="${revealTarget.fileId}"]`) : null;
      (file ?? folder?.querySelector<HTMLElement>('.folder-header'))?.scrollIntoView?.({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [revealTarget]);

  const onMoveFolder = useCallback((from: number, to: number) => actions.folders.move(from, to), [actions]);
  const List = dnd ? dnd.SortableList : PlainList;
  const { toggle, showMore } = explorer;
  const renderFolder = (folder: ExplorerFolder, _index: number, bindings: SortBindings) => (
    <FolderItem
      key={folderId(folder)}
      folder={folder}
      expanded={explorer.isExpanded(folder.name)}
      limit={explorer.fileLimit(folder.name)}
      selectedId={selectedId !== null && folder.files.some((f) => f.id === selectedId) ? selectedId : null}
      bindings={bindings}
      dnd={dnd}
      onToggle={toggle}
      onShowMore={showMore}
    />
  );

  return (
    <aside
      id="explorer-root"
      data-testid="explorer-root"
      data-state={status}
      data-dnd={dnd ? 'ready' : 'off'}
      className="explorer cc-frame"
      aria-label="Files"
      ref={rootRef}
      onPointerEnter={want}
      onTouchStart={want}
      onFocus={want}
    >
      <div className="explorer-toolbar">
        <button type="button" className="button button-small" data-focus-key="add-folder" onClick={() => void actions.folders.add()}>
          + Folder
        </button>
        <button
          type="button"
          className={`button button-small${selectedId === null ? ' is-current' : ''}`}
          aria-pressed={selectedId === null}
          data-focus-key="about-me"
          onClick={actions.files.close}
        >
          About me
        </button>
        <button type="button" className="button button-small" data-focus-key="suggested-folders" onClick={actions.suggestions.showFolders}>
          Suggested folders
        </button>
      </div>

      {status === 'loading' && folders.length === 0 && (
        <p className="explorer-status" role="status">
          Loading your folders…
        </p>
      )}
      {status === 'error' && folders.length === 0 && (
        <p className="explorer-status">
          Your folders could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void explorer.reload()}>
            Try again
          </button>
        </p>
      )}
      {status === 'ready' && folders.length === 0 && (
        <p className="explorer-empty" data-testid="explorer-empty">
          {TEXT.empty}
        </p>
      )}
      {folders.length > 0 && (
        <ul className="explorer-folders" aria-label="Folders">
          <OpenMenuScope>
            <List
              items={folders}
              getId={folderId}
              describe={describeFolder}
              noun="folders"
              onMove={onMoveFolder}
              renderItem={renderFolder}
            />
          </OpenMenuScope>
        </ul>
      )}

      {modal && (
        <Suspense fallback={null}>
          <ExplorerModals modal={modal} />
        </Suspense>
      )}
    </aside>
  );
}
