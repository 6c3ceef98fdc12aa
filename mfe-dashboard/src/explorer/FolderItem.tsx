import { memo, useCallback } from 'react';
import type { FileSummary } from '@cc/contracts';
import { FILE_PAGE, type ExplorerFolder } from './useExplorer';
import { useExplorerActions } from './actions/ExplorerActionsProvider';
import { Menu } from './Menu';
import { truncateLabel } from './labels';
import { PlainList, SortableItem, SortGrip, type DndModule, type SortBindings } from '@cc/ui/sortable';

/** The explorer's grip: a drawn handle, and a tooltip for the mouse. */
function Grip(props: { label: string; bindings: SortBindings; focusKey: string }) {
  return (
    <SortGrip {...props} title="Drag to reorder">
      <span aria-hidden="true">⠿</span>
    </SortGrip>
  );
}

interface FileRowProps {
  file: FileSummary;
  folder: string;
  selected: boolean;
  bindings: SortBindings;
}

export const FileRow = memo(function FileRow({ file, folder, selected, bindings }: FileRowProps) {
  const { files, suggestions } = useExplorerActions();
  const label = truncateLabel(file.name);
  const truncated = label !== file.name;
  return (
    <SortableItem
      bindings={bindings}
      className={`explorer-file${selected ? ' is-selected' : ''}`}
      data-testid="explorer-file"
      data-file-id={file.id}
      data-file-name={file.name}
    >
      <Grip label={`Reorder file ${file.name}`} bindings={bindings} focusKey={`file-grip:${file.id}`} />
      <button
        type="button"
        className="file-open"
        aria-current={selected ? 'true' : undefined}
        aria-label={truncated ? file.name : undefined}
        title={truncated ? file.name : undefined}
        data-focus-key={`file:${file.id}`}
        onClick={() => files.open(folder, file)}
      >
        <span className="file-icon" aria-hidden="true" />
        <span className="file-label" data-label={label}>
          {label}
        </span>
      </button>
      <Menu
        label={`Actions for ${file.name}`}
        focusKey={`file-menu:${file.id}`}
        items={[
          { label: 'Rename', onSelect: () => void files.rename(file) },
          { label: 'Edit description', onSelect: () => files.editDescription(file) },
          { label: 'Generate with AI', onSelect: () => suggestions.draftFile(folder, file) },
          { label: 'History', onSelect: () => files.history(folder, file) },
          { label: 'Delete', onSelect: () => void files.remove(file), danger: true },
        ]}
      />
    </SortableItem>
  );
});

interface FolderItemProps {
  folder: ExplorerFolder;
  expanded: boolean;
  /** How many files to render (long folders: a page at a time). */
  limit: number;
  selectedId: number | null;
  bindings: SortBindings;
  dnd: DndModule | null;
  onToggle: (name: string) => void;
  onShowMore: (name: string) => void;
}

const fileId = (file: FileSummary) => `file-${file.id ?? file.name}`;
const describeFile = (file: FileSummary) => `file ${file.name}`;

export const FolderItem = memo(function FolderItem({
  folder,
  expanded,
  limit,
  selectedId,
  bindings,
  dnd,
  onToggle,
  onShowMore,
}: FolderItemProps) {
  const actions = useExplorerActions();
  const { name, files } = folder;
  const bodyId = `folder-body-${encodeURIComponent(name).replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const shown = files.length > limit ? files.slice(0, limit) : files;
  const List = dnd ? dnd.SortableList : PlainList;
  const onMove = useCallback((from: number, to: number) => actions.files.move(name, from, to), [actions, name]);
  const renderFile = useCallback(
    (file: FileSummary, _index: number, b: SortBindings) => (
      <FileRow key={file.id ?? file.name} file={file} folder={name} selected={file.id === selectedId} bindings={b} />
    ),
    [name, selectedId],
  );

  return (
    <SortableItem
      bindings={bindings}
      dragFromRow={false}
      className={`explorer-folder${expanded ? ' is-expanded' : ''}`}
      data-testid="explorer-folder"
      data-folder-name={name}
    >
      <div className="folder-header" {...bindings.row}>
        <Grip label={`Reorder folder ${name}`} bindings={bindings} focusKey={`folder-grip:${name}`} />
        <button
          type="button"
          className="folder-toggle"
          aria-expanded={expanded}
          aria-controls={expanded ? bodyId : undefined}
          title={folder.description || undefined}
          data-focus-key={`folder:${name}`}
          onClick={() => onToggle(name)}
        >
          <span className="chevron" aria-hidden="true" />
          <span className="folder-name">{name}</span>
          <span className="folder-count" aria-label={files.length === 1 ? '1 file' : `${files.length} files`}>
            {files.length}
          </span>
        </button>
        <Menu
          label={`Actions for folder ${name}`}
          focusKey={`folder-menu:${name}`}
          items={[
            { label: 'Edit name', onSelect: () => actions.folders.edit(folder, 'name') },
            { label: 'Edit description', onSelect: () => actions.folders.edit(folder, 'description') },
            { label: 'Delete folder', onSelect: () => void actions.folders.remove(name), danger: true },
          ]}
        />
      </div>
      {expanded && (
        <div className="folder-body" id={bodyId}>
          {folder.description && <p className="folder-description">{folder.description}</p>}
          {shown.length > 0 && (
            <ul className="explorer-files" aria-label={`Files in ${name}`}>
              <List items={shown} getId={fileId} describe={describeFile} noun="files" onMove={onMove} renderItem={renderFile} />
            </ul>
          )}
          {files.length > shown.length && (
            <button type="button" className="link-button show-more" onClick={() => onShowMore(name)}>
              Show {Math.min(files.length - shown.length, FILE_PAGE)} more ({files.length - shown.length} not shown)
            </button>
          )}
          <div className="folder-actions">
            <button
              type="button"
              className="add-file-row"
              data-focus-key={`add-file:${name}`}
              onClick={() => actions.files.startCreate(name)}
            >
              Add new file...
            </button>
            <button
              type="button"
              className="link-button"
              data-focus-key={`suggested-files:${name}`}
              onClick={() => actions.suggestions.showFiles(name)}
            >
              Suggested files
            </button>
          </div>
        </div>
      )}
    </SortableItem>
  );
});
