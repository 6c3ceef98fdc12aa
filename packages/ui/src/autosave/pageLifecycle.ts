import type { Autosave } from './autosave';

/**
 * Saves on page hide and unload (keepalive + local draft), and retries at once when the
 * browser comes back online. Returns the function that removes the listeners.
 */
export function bindPageLifecycle(targets: () => Iterable<Autosave<unknown>>): () => void {
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
