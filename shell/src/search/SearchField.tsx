import { useCallback, useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { RetryBoundary } from '@cc/ui/retry-boundary';
import type { SearchPaletteProps } from './SearchPalette';
import { isPaletteShortcut, modifierLabel } from './keys';
import './search-field.css';

/**
 * The palette's code (its list, its query, the Modal of @cc/ui) comes with its first opening:
 * the first visit of a page carries only this field (the JS budget, CONTRIBUTING.md#performance).
 */
let loaded: ComponentType<SearchPaletteProps> | undefined;
let loading: Promise<ComponentType<SearchPaletteProps>> | undefined;

export function loadSearchPalette(): Promise<ComponentType<SearchPaletteProps>> {
  loading ??= import('./SearchPalette').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = undefined; // the next opening tries again
      throw error;
    },
  );
  return loading;
}

const preload = () => void loadSearchPalette().catch(() => undefined);

/** A key that types a character (not a shortcut, not a navigation key). */
const typesText = (event: KeyboardEvent) =>
  event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * The header's search field, and Ctrl/⌘-K from any page: both open the search palette. It is a
 * button that looks like a field (the palette holds the real one); a character typed on it opens
 * the palette with that character, and the keys typed while the palette's code arrives go into
 * its field rather than into the page.
 */
export function SearchField() {
  const [Palette, setPalette] = useState(() => loaded);
  /** The palette is wanted, with what was typed so far; null while closed. */
  const [wanted, setWanted] = useState<{ text: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const wantedRef = useRef(wanted);
  wantedRef.current = wanted;
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Where the focus was when the palette was asked for before its code was here (the field holds it meanwhile). */
  const returnTo = useRef<HTMLElement | null>(null);

  const open = useCallback((text = '') => {
    setFailed(false);
    setWanted((current) => (current ? { text: current.text + text } : { text }));
    // Its code may have arrived since this field mounted (a pointer over it preloads it): shown at once.
    if (loaded) {
      setPalette(() => loaded);
      return;
    }
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== buttonRef.current && active !== document.body) returnTo.current = active;
    buttonRef.current?.focus();
    loadSearchPalette().then(
      (component) => setPalette(() => component),
      () => {
        setWanted(null);
        setFailed(true);
      },
    );
  }, []);

  /** A result was opened: the Modal's giving the focus back must not leave it on this field. */
  const opened = useRef(false);
  const close = useCallback((how?: 'opened') => {
    opened.current = how === 'opened';
    setWanted(null);
  }, []);

  // The Modal gives the focus back to what had it when it opened; when that was this field only
  // because the code was loading, the focus goes on to where the user was.
  //
  // After opening a result the user is on another page (or another object of this one): the
  // focus left on this field would turn the next key typed into a new search, so it goes to the
  // page instead (the next Tab starts from its top). The Modal's own cleanup ran before this.
  useEffect(() => {
    if (wanted) return;
    const target = returnTo.current;
    returnTo.current = null;
    if (opened.current) {
      opened.current = false;
      if (document.activeElement === buttonRef.current) buttonRef.current?.blur();
      return;
    }
    if (target?.isConnected) target.focus();
  }, [wanted]);

  useEffect(() => {
    // Capture: an editor that handles keys itself (CodeMirror) must not swallow the shortcut.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault(); // the browser's own Ctrl-K (its address bar search)
      event.stopPropagation();
      if (wantedRef.current) setWanted(null);
      else open();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open]);

  const shortcut = `${modifierLabel()} K`;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="search-field"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        title={`Search (${shortcut})`}
        onClick={() => open()}
        onPointerEnter={preload}
        onFocus={preload}
        onKeyDown={(event) => {
          if (!typesText(event)) return;
          event.preventDefault();
          open(event.key);
        }}
      >
        <svg className="search-field-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <circle cx="7" cy="7" r="4.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10.5 10.5 14 14" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <span className="search-field-text">Search</span>
        <kbd className="search-field-keys" aria-hidden="true">
          {shortcut}
        </kbd>
      </button>
      {failed && (
        <p role="alert" className="search-field-error">
          Search could not load.{' '}
          <button type="button" className="button button-quiet" onClick={() => open()}>
            Retry
          </button>
        </p>
      )}
      {wanted && Palette && (
        <RetryBoundary
          name="[shell] the search palette"
          onRetry={() => undefined}
          fallback={(retry) => (
            <p role="alert" className="search-field-error">
              Search stopped working.{' '}
              <button type="button" className="button button-quiet" onClick={retry}>
                Retry
              </button>
            </p>
          )}
        >
          <Palette initialQuery={wanted.text} onClose={close} />
        </RetryBoundary>
      )}
    </>
  );
}
