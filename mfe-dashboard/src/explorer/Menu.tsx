import { createContext, use, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

type SetOpen = (open: boolean | ((open: boolean) => boolean)) => void;

interface OpenMenuState {
  /** The focus key of the open menu (one at a time). */
  openKey: string | null;
  setOpenKey: (update: (key: string | null) => string | null) => void;
}

const OpenMenuContext = createContext<OpenMenuState | null>(null);

/**
 * Which menu is open, kept above lists that may be replaced (the explorer's plain lists are
 * swapped for the dnd-kit ones when that code arrives, and every row is mounted again): a menu
 * the user opened stays open, and its items keep their focus keys so the focus comes back.
 */
export function OpenMenuScope({ children }: { children: ReactNode }) {
  const [openKey, setKey] = useState<string | null>(null);
  const setOpenKey = useCallback((update: (key: string | null) => string | null) => setKey(update), []);
  const value = useMemo(() => ({ openKey, setOpenKey }), [openKey, setOpenKey]);
  return <OpenMenuContext value={value}>{children}</OpenMenuContext>;
}

/** Open state: in the enclosing OpenMenuScope when there is one (and a focus key), else local. */
function useOpenState(focusKey: string | undefined): [boolean, SetOpen] {
  const scope = use(OpenMenuContext);
  const [local, setLocal] = useState(false);
  const scoped = scope !== null && focusKey !== undefined;
  const open = scoped ? scope.openKey === focusKey : local;
  const setOpenKey = scope?.setOpenKey;
  const setOpen = useCallback<SetOpen>(
    (next) => {
      if (!scoped || !setOpenKey) {
        setLocal(next);
        return;
      }
      setOpenKey((key) => {
        const was = key === focusKey;
        const now = typeof next === 'function' ? next(was) : next;
        if (now) return focusKey;
        return was ? null : key;
      });
    },
    [scoped, setOpenKey, focusKey],
  );
  return [open, setOpen];
}

/**
 * A small actions menu: a ⋯ button that opens a list of menu items. Arrow keys move between the
 * items, Escape closes it and returns the focus, a click outside closes it.
 */
export function Menu({ label, items, focusKey }: { label: string; items: MenuItem[]; focusKey?: string }) {
  const [open, setOpen] = useOpenState(focusKey);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open, setOpen]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    let next = -1;
    if (event.key === 'ArrowDown') next = (at + 1) % entries.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + entries.length) % entries.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = entries.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (next >= 0) {
      event.preventDefault();
      entries[next]?.focus();
    }
  };

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button menu-button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-focus-key={focusKey}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul className="menu-list" role="menu" id={id} aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
          {items.map((item) => (
            <li role="none" key={item.label}>
              <button
                type="button"
                role="menuitem"
                data-focus-key={focusKey ? `${focusKey}:${item.label}` : undefined}
                className={item.danger ? 'menu-item menu-item-danger' : 'menu-item'}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
