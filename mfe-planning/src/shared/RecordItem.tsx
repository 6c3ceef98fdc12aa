import { useRef, useState, type ReactNode } from 'react';
import { useHighlight } from './useHighlight';
import { useOneAtATime } from './useOneAtATime';

/** The item an address names (`?todo=ID`, `?milestone=ID`) and the visit that named it. */
export type Highlight = { id: number; visit: string } | null;

/** The visit that names this item, if the address names it. */
export function visitOf(highlight: Highlight, id: number): string | null {
  return highlight?.id === id ? highlight.visit : null;
}

/**
 * A record's list item (a todo's row, a milestone's card): marked done, and scrolled to and
 * focused once per visit whose address names it.
 */
export function RecordItem({
  className,
  testId,
  id,
  completed,
  highlight,
  children,
}: {
  className: string;
  testId: string;
  id: number;
  completed: boolean;
  highlight: string | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useHighlight(ref, highlight);
  return (
    <li
      ref={ref}
      className={completed ? `${className} done` : className}
      data-testid={testId}
      data-id={id}
      data-completed={completed}
      data-highlighted={highlight !== null ? 'true' : undefined}
      tabIndex={highlight !== null ? -1 : undefined}
    >
      {children}
    </li>
  );
}

/** A record's done box; `name` is how its label calls the record (`milestone "Launch"`). */
export function DoneBox({ completed, name, onToggle }: { completed: boolean; name: string; onToggle: () => Promise<void> }) {
  // The box follows the click in the same event. The cache's optimistic tick reaches the row a
  // moment later (TanStack notifies on the next task), and a controlled box would spring back
  // meanwhile; once the change has settled, the box shows what the lists hold again.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const toggle = useOneAtATime(async () => {
    setClicked(!completed);
    try {
      await onToggle();
    } finally {
      setClicked(null);
    }
  });
  const shown = clicked ?? completed;
  return (
    <input
      type="checkbox"
      className="todo-check"
      checked={shown}
      onChange={toggle}
      aria-label={shown ? `Mark ${name} not done` : `Mark ${name} done`}
    />
  );
}

/**
 * A record's Edit and Delete buttons; `name` tells a screen reader which record (`milestone
 * “Launch”`). The name is an aria-label that starts with the visible word, not hidden text in the
 * button: two elements fewer per row, which a list of 1,000 todos builds on its first visit.
 */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="row-actions">
      <button type="button" className="button button-small button-quiet" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </button>
      <button type="button" className="button button-small button-quiet" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </button>
    </div>
  );
}
