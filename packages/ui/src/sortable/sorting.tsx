import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';

/**
 * Drag reorder, loaded on intent (`@cc/ui/sortable`: the dashboard's explorer, the people list):
 * a page first renders plain lists (no @dnd-kit on its first visit); when the pointer or the
 * keyboard focus enters them, the dnd-kit lists (dnd.tsx) are loaded and replace them.
 */
export interface SortBindings {
  /** The item's node (measured while sorting). */
  ref?: (node: HTMLElement | null) => void;
  style?: CSSProperties;
  dragging?: boolean;
  /** The grip: keyboard sorting (Space/Enter, arrows, Space/Enter, Escape) and its description. */
  handle?: HTMLAttributes<HTMLElement>;
  /** The row or folder header: pointer dragging. */
  row?: HTMLAttributes<HTMLElement>;
}

export interface SortableListProps<T> {
  items: readonly T[];
  getId: (item: T) => string;
  /** Spoken in the announcements: 'folder career-goals', 'file notes.md'. */
  describe: (item: T) => string;
  /** 'folders' or 'files', for the instructions. */
  noun: string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number, bindings: SortBindings) => ReactNode;
}

export type SortableList = <T>(props: SortableListProps<T>) => ReactNode;

const NONE: SortBindings = {};

/** The same list without drag and drop (before dnd-kit is loaded). */
export function PlainList<T>({ items, renderItem }: SortableListProps<T>): ReactNode {
  return <>{items.map((item, index) => renderItem(item, index, NONE))}</>;
}

export interface DndModule {
  SortableList: SortableList;
}

let loading: Promise<DndModule> | null = null;

/** Whether a pointer button is held anywhere on the page (see useDnd). */
const pointer = { down: false };
if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    () => {
      pointer.down = true;
    },
    { capture: true },
  );
  const up = () => {
    pointer.down = false;
  };
  document.addEventListener('pointerup', up, { capture: true });
  document.addEventListener('pointercancel', up, { capture: true });
}

export function loadDnd(): Promise<DndModule> {
  loading ??= import(/* webpackChunkName: "sortable-dnd" */ './dnd').then((m) => ({ SortableList: m.SortableList }));
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The dnd-kit lists once they are wanted. `want()` starts loading them (pointer or focus entering
 * the list). The switch remounts the lists: the focused element is found again by its
 * `data-focus-key` and focused.
 */
export function useDnd(root: { current: HTMLElement | null }): { dnd: DndModule | null; want: () => void } {
  const [dnd, setDnd] = useState<DndModule | null>(null);
  const focusKey = useRef<string | null>(null);
  const stopTracking = useRef<(() => void) | null>(null);
  const want = useCallback(() => {
    if (dnd) return;
    void loadDnd().then(
      (mod) => {
        const swap = () => {
          const active = typeof document !== 'undefined' ? document.activeElement : null;
          focusKey.current = active instanceof HTMLElement && root.current?.contains(active) ? active.getAttribute('data-focus-key') : null;
          // The swap renders later than now: a key pressed meanwhile may move the focus (Enter
          // on a ⋯ button opens its menu and focuses the first item). Follow it until the swap.
          const list = root.current;
          if (list && !stopTracking.current) {
            const track = (event: FocusEvent) => {
              if (event.target instanceof HTMLElement) focusKey.current = event.target.getAttribute('data-focus-key');
            };
            list.addEventListener('focusin', track);
            stopTracking.current = () => list.removeEventListener('focusin', track);
          }
          setDnd((prev) => prev ?? mod);
        };
        // Swapping the lists mid-click would put the pointerup on a new element and lose the
        // click: wait until the button is released and the click has been delivered.
        if (pointer.down) document.addEventListener('pointerup', () => setTimeout(swap, 0), { once: true, capture: true });
        else swap();
      },
      () => undefined,
    );
  }, [dnd, root]);
  const refocus = useCallback(
    (afterEffects: boolean) => {
      const key = focusKey.current;
      if (!key) return;
      const escaped = typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(key) : key.replace(/["\\]/g, '\\$&');
      const target = root.current?.querySelector<HTMLElement>(`[data-focus-key="${escaped}"]`);
      // Enter on a ⋯ button can commit in the same render as the swap: the menu it opened
      // focused its first item in its own effect, and that focus stays (the button is expanded).
      const active = typeof document !== 'undefined' ? document.activeElement : null;
      const popupOwnsFocus =
        afterEffects && target?.getAttribute('aria-expanded') === 'true' && active !== target && !!active && root.current?.contains(active);
      if (!popupOwnsFocus) target?.focus();
    },
    [root],
  );
  // Twice: before paint, in the same task as the commit, so a key pressed right after the swap
  // (Enter on a focused ⋯ button) finds the focus on the new element rather than on <body>; and
  // after the rows' own effects (an open menu focuses its first item when it mounts).
  useLayoutEffect(() => {
    if (!dnd) return;
    stopTracking.current?.();
    stopTracking.current = null;
    refocus(false);
  }, [dnd, refocus]);
  useEffect(() => {
    if (!dnd) return;
    refocus(true);
    focusKey.current = null;
  }, [dnd, refocus]);
  return { dnd, want };
}

export { SortableItem, SortGrip, type SortableItemProps, type SortGripProps } from './SortableItem';
