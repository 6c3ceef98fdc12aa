import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { errorMessage } from '@cc/client';
import { Autosave } from './autosave';
import { defaultRefusal, defaultRetryable, type AutosaveOptions } from './options';
import { bindPageLifecycle } from './pageLifecycle';
import type { AutosaveSnapshot } from './status';

/**
 * Autosave delays of the product (the "Limits and delays" of each docs/<domain>.md, e.g. docs/dashboard.md#limits-and-delays). Each
 * caller passes its own; these name them so the next domain does not look them up again.
 */
export const AUTOSAVE_DELAYS_MS = { file: 1000, journal: 2000, coaching: 800, people: 600, meetingField: 600, profile: 700 } as const;

export interface AutosavedTextOptions<B> extends Omit<AutosaveOptions<B>, 'getContent' | 'getLength' | 'delayMs'> {
  /**
   * Which text this is (e.g. `file:7:summary`, `journal:2026-01-02`). A new key saves what is
   * pending under the old one and starts afresh; everything else is read at call time.
   */
  key: string;
  /** Saves this long after the last edit. */
  delayMs: number;
  /** Saves at once when the field loses the focus (`blurred()`; default true). */
  saveOnBlur?: boolean;
  /**
   * The text as typed now (read only when a save or a draft needs it, never per keystroke); null
   * while the field is not on screen yet: the text the hook started with is meant then.
   */
  getText(): string | null;
  /** Its length, cheaply (null: as for `getText`). */
  getLength?(): number | null;
  /**
   * The server's text and the version it is at. The hook loads it, brings back a local draft the
   * server does not have yet, and starts autosaving. Several fields of one record (a file's
   * texts, a person's fields) load the record once and call `start` for each instead.
   */
  load?(signal: AbortSignal): Promise<{ text: string; base?: B }>;
}

export type LoadState = { status: 'loading' } | { status: 'ok'; text: string } | { status: 'error'; message: string };

export interface AutosavedText<B> {
  /** The controller, for what only some callers do (`saveNow` with their own wording, `reset`, `dirty`). */
  autosave: Autosave<B>;
  /** The save state, its status line (`text`), a conflict to resolve, whether a draft was restored. */
  status: AutosaveSnapshot<B>;
  /** The load (with `load`; else 'ok' once `start` was called): `text` is what to show. */
  loaded: LoadState;
  /** Loads again after a failed load. */
  reload(): void;
  /** The server's text is known: returns the text to show (a local draft the server lacks wins, and is saved). */
  start(server: string, base?: B): string;
  /** The user edited the text (cheap: call on every edit). */
  changed(): void;
  /** The field lost the focus. */
  blurred(): void;
  /** Saves now what is unsaved; true when all is saved. */
  flush(): Promise<boolean>;
  /** Conflict: save mine over the server's current version. */
  keepMine(): Promise<boolean>;
  /** Conflict: the server's text (put it in the field); null when there is no conflict. */
  takeTheirs(): string | null;
}

const LOADING: LoadState = { status: 'loading' };

/** What one controller reads at call time: its key's latest options, and the text `start` put on screen. */
interface Box<B> {
  options: AutosavedTextOptions<B>;
  shown: string;
}

function controller<B>(box: Box<B>): Autosave<B> {
  const { storageKey, delayMs, retryDelaysMs, keepaliveLimit, liveDraftLimit, draftThrottleMs, texts } = box.options;
  // A restored draft can be saved before the field shows it (getText null): the shown text is meant.
  const text = () => box.options.getText() ?? box.shown;
  return new Autosave<B>({
    storageKey,
    delayMs,
    retryDelaysMs,
    keepaliveLimit,
    liveDraftLimit,
    draftThrottleMs,
    texts,
    getContent: text,
    getLength: () => box.options.getLength?.() ?? text().length,
    save: (content, base, info) => box.options.save(content, base, info),
    conflictOf: (error) => box.options.conflictOf?.(error) ?? null,
    refusalOf: (error) => (box.options.refusalOf ?? defaultRefusal)(error),
    isRetryable: (error) => (box.options.isRetryable ?? defaultRetryable)(error),
    onError: (error) => box.options.onError?.(error),
  });
}

/**
 * One autosaved text (docs/architecture.md#data: writes the user typed are never lost): saved `delayMs` after
 * the last edit, on blur (unless `saveOnBlur: false`), on page hide and unload (keepalive, and
 * the local draft), retried with backoff and at once when the browser is back online; kept in
 * localStorage until the server confirms; a stale save (409) shows both versions. Leaving (a
 * new key, unmount) saves what is pending; the page's sign-out waits for it (pending-saves).
 */
export function useAutosavedText<B = unknown>(options: AutosavedTextOptions<B>): AutosavedText<B> {
  const { key } = options;
  // One controller per key. Its box follows this key's renders (a caller may pass new closures
  // every render) and stops when the key moves on: what was pending is saved with its own.
  const { autosave, box } = useMemo(() => {
    const created: Box<B> = { options, shown: '' };
    return { autosave: controller(created), box: created };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one controller per key; later renders' options reach it through `box` (below)
  }, [key]);
  box.options = options;

  useEffect(() => {
    // StrictMode runs this clean-up once more in development: the controller comes back.
    autosave.revive();
    const unbind = bindPageLifecycle(() => [autosave]);
    return () => {
      unbind();
      void autosave.dispose({ flush: true });
    };
  }, [autosave]);

  const status = useSyncExternalStore(autosave.subscribe, autosave.getSnapshot, autosave.getSnapshot);

  // The load state belongs to one controller: a new key starts from 'loading'.
  const [load, setLoad] = useState<{ of: Autosave<B>; state: LoadState }>({ of: autosave, state: LOADING });
  const loaded = load.of === autosave ? load.state : LOADING;
  const [attempt, setAttempt] = useState(0);

  const start = useCallback(
    (server: string, base?: B) => {
      const { content } = autosave.start(server, base);
      box.shown = content;
      setLoad({ of: autosave, state: { status: 'ok', text: content } });
      return content;
    },
    [autosave, box],
  );

  useEffect(() => {
    const loadText = box.options.load;
    if (!loadText) return;
    const abort = new AbortController();
    setLoad({ of: autosave, state: LOADING });
    loadText(abort.signal).then(
      ({ text, base }) => {
        if (!abort.signal.aborted) start(text, base);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setLoad({ of: autosave, state: { status: 'error', message: errorMessage(error) } });
      },
    );
    return () => abort.abort();
  }, [autosave, box, attempt, start]);

  // Stable per text, so an editor's props do not change with the save state.
  const actions = useMemo(
    () => ({
      reload: () => setAttempt((n) => n + 1),
      changed: () => autosave.changed(),
      blurred: () => {
        if (box.options.saveOnBlur !== false) void autosave.flush();
      },
      flush: () => autosave.flush(),
      keepMine: () => autosave.keepMine(),
      takeTheirs: () => autosave.takeTheirs(),
    }),
    [autosave, box],
  );

  return { ...actions, autosave, status, loaded, start };
}
