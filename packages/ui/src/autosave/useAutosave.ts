import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { Autosave, type AutosaveOptions, type AutosaveSnapshot } from './autosave';

/**
 * Saves on page hide and unload (keepalive + local draft), and retries at once when the
 * browser comes back online. Returns the function that removes the listeners.
 */
export function bindPageLifecycle(targets: () => Iterable<Autosave<any>>): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const unload = () => {
    for (const autosave of targets()) autosave.unload();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') unload();
  };
  const online = () => {
    for (const autosave of targets()) autosave.retryNow();
  };
  window.addEventListener('pagehide', unload);
  window.addEventListener('beforeunload', unload);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('pagehide', unload);
    window.removeEventListener('beforeunload', unload);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', online);
  };
}

const IDLE: AutosaveSnapshot<any> = { state: 'idle', text: '', conflict: null, restored: false };
const noop = () => () => undefined;

/** The status of an autosave (null: idle), re-rendering only when it changes (not per keystroke). */
export function useAutosaveStatus<B>(autosave: Autosave<B> | null | undefined): AutosaveSnapshot<B> {
  return useSyncExternalStore(autosave ? autosave.subscribe : noop, autosave ? autosave.getSnapshot : () => IDLE, () => IDLE);
}

/**
 * One autosaved text: a controller per `key` (a new key, e.g. another document, flushes and
 * replaces the old one), page-hide / unload / online handling, and its status. Call
 * `autosave.start(serverText, version)` once the text is loaded, `autosave.changed()` on
 * every edit and `autosave.flush()` on blur.
 */
export function useAutosave<B = unknown>(key: string, options: AutosaveOptions<B>): { autosave: Autosave<B>; status: AutosaveSnapshot<B> } {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const autosave = useMemo(
    () =>
      new Autosave<B>({
        ...options,
        getContent: () => optionsRef.current.getContent(),
        getLength: () => (optionsRef.current.getLength ? optionsRef.current.getLength() : optionsRef.current.getContent().length),
        save: (content, base, info) => optionsRef.current.save(content, base, info),
        conflictOf: (error) => optionsRef.current.conflictOf?.(error) ?? null,
        onError: (error) => optionsRef.current.onError?.(error),
      }),
    // One controller per key; the callbacks are read through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  useEffect(() => {
    autosave.revive();
    const unbind = bindPageLifecycle(() => [autosave]);
    return () => {
      unbind();
      void autosave.dispose({ flush: true });
    };
  }, [autosave]);
  const status = useAutosaveStatus(autosave);
  return { autosave, status };
}
