import type { ButtonHTMLAttributes, LiHTMLAttributes } from 'react';
import type { SortBindings } from './sorting';

export interface SortableItemProps extends Omit<LiHTMLAttributes<HTMLLIElement>, 'className' | 'style'> {
  bindings: SortBindings;
  className: string;
  /** Pointer dragging from the whole row (the default), or from a part the caller binds (a folder's header). */
  dragFromRow?: boolean;
}

/** A row of a sortable list: measured and moved through its bindings, `is-dragging` while it is dragged. */
export function SortableItem({ bindings, className, dragFromRow = true, children, ...attributes }: SortableItemProps) {
  return (
    <li
      ref={bindings.ref}
      style={bindings.style}
      className={bindings.dragging ? `${className} is-dragging` : className}
      {...attributes}
      {...(dragFromRow ? bindings.row : undefined)}
    >
      {children}
    </li>
  );
}

export interface SortGripProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> {
  bindings: SortBindings;
  /** What it moves, as spoken: 'Reorder file notes.md'. */
  label: string;
  /** Finds the grip again when the dnd-kit lists replace the plain ones. */
  focusKey: string;
}

/** The grip of a sortable row: keyboard sorting, and its description, through the bindings. */
export function SortGrip({ bindings, label, focusKey, children, ...attributes }: SortGripProps) {
  return (
    <button type="button" className="grip" aria-label={label} data-focus-key={focusKey} {...attributes} {...bindings.handle}>
      {children}
    </button>
  );
}
