import { useMemo, type KeyboardEventHandler, type PointerEventHandler, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { SortBindings, SortableListProps } from './sorting';

/** Lists only move up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

function SortableItem({ id, children }: { id: string; children: (bindings: SortBindings) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  // Same object while nothing about this item changed, so memoised rows skip re-rendering.
  const x = transform?.x ?? 0;
  const y = transform?.y ?? 0;
  const moved = transform !== null;
  const bindings = useMemo<SortBindings>(
    () => ({
      ref: setNodeRef,
      dragging: isDragging,
      style: {
        transform: moved ? CSS.Translate.toString({ x, y, scaleX: 1, scaleY: 1 }) : undefined,
        transition,
        position: isDragging ? 'relative' : undefined,
        zIndex: isDragging ? 2 : undefined,
      },
      handle: { ...attributes, onKeyDown: listeners?.onKeyDown as KeyboardEventHandler<HTMLElement> | undefined },
      row: { onPointerDown: listeners?.onPointerDown as PointerEventHandler<HTMLElement> | undefined },
    }),
    [setNodeRef, isDragging, moved, x, y, transition, attributes, listeners],
  );
  return <>{children(bindings)}</>;
}

/** A vertical list sortable with the pointer (drag from the row) and the keyboard (the grip). */
export function SortableList<T>({ items, getId, describe, noun, onMove, renderItem }: SortableListProps<T>): ReactNode {
  const sensors = useSensors(
    // A click (toggle, open, menu) is not a drag: only a move of 6 px starts one.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map(getId), [items, getId]);
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const name = (id: UniqueIdentifier) => {
    const item = items[ids.indexOf(String(id))];
    return item === undefined ? String(id) : describe(item);
  };
  const total = ids.length;

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. It is in position ${position(active.id)} of ${total}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} was moved into position ${position(over.id)} of ${total}.`
        : `${name(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} was dropped at position ${position(over.id)} of ${total}.` : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled. ${name(active.id)} was dropped back in position ${position(active.id)} of ${total}.`,
  };
  const instructions: ScreenReaderInstructions = {
    draggable: `To reorder the ${noun}, press Space or Enter to pick this one up, use the up and down arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      // The live region and the instructions go to <body>: rendered here they would sit inside the
      // <ul> as <div>s, which is not a valid list for assistive technology (axe: list).
      accessibility={{ announcements, screenReaderInstructions: instructions, container: document.body }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableItem key={ids[index]} id={ids[index]!}>
            {(bindings) => renderItem(item, index, bindings)}
          </SortableItem>
        ))}
      </SortableContext>
    </DndContext>
  );
}
