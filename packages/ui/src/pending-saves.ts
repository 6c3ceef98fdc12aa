/**
 * Saves not yet confirmed by the server, across every remote on the page, so that sign-out can
 * send them before the session ends (afterwards they would be refused, and sign-out clears the
 * local drafts that would otherwise bring them back). On globalThis: the shell and each remote
 * bundle their own copy of this module, and they must share one list.
 */
type Flush = () => Promise<boolean>;

/**
 * fetch(keepalive) bodies are limited to 64 KiB in flight: what fits is sent so that it outlives
 * the page (a save at page-hide, a new order right before a reload); larger texts rely on the
 * local draft.
 */
export const KEEPALIVE_LIMIT_CHARS = 60_000;

const SLOT = Symbol.for('cc.ui.pendingSaves');
const registry = (): Set<Flush> => ((globalThis as { [SLOT]?: Set<Flush> })[SLOT] ??= new Set());

/** Registers an autosave's flush; the returned function unregisters it. */
export function trackPendingSave(flush: Flush): () => void {
  registry().add(flush);
  return () => void registry().delete(flush);
}

/** Sends every unsaved text now; true when all of them were saved within `timeoutMs`. */
export async function flushPendingSaves(timeoutMs = 5000): Promise<boolean> {
  const flushes = [...registry()].map((flush) => flush().catch(() => false));
  if (flushes.length === 0) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([Promise.all(flushes).then((all) => all.every(Boolean)), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Tests: forget every registration. */
export function forgetPendingSaves(): void {
  registry().clear();
}
