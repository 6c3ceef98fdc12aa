import type { Autosave } from './autosave';

type Targets = () => Iterable<Autosave<unknown>>;

/** What every bound autosave asked for; one entry per bind, so the same function bound twice counts twice. */
const bound = new Set<{ targets: Targets }>();
let unbindWindow: (() => void) | null = null;

const each = (run: (autosave: Autosave<unknown>) => void) => {
  for (const { targets } of [...bound]) for (const autosave of targets()) run(autosave);
};

/**
 * The page's listeners, once for all the autosaves of this bundle: a page with many (the action
 * plan's 53 weeks) added four window listeners per field, and a cold visit of the timeline spent
 * more time in addEventListener than in rendering its weeks (a CPU profile, bench/modules/planning.ts).
 */
function bindWindow(): () => void {
  const unload = () => each((autosave) => autosave.unload());
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') unload();
  };
  const online = () => each((autosave) => autosave.retryNow());
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

/**
 * Saves on page hide and unload (keepalive + local draft), and retries at once when the
 * browser comes back online. Returns the function that stops doing so for these targets.
 */
export function bindPageLifecycle(targets: Targets): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const entry = { targets };
  bound.add(entry);
  unbindWindow ??= bindWindow();
  return () => {
    if (!bound.delete(entry) || bound.size > 0) return;
    unbindWindow?.();
    unbindWindow = null;
  };
}
