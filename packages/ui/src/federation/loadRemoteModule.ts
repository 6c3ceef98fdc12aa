import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

/**
 * @cc/ui/federation: loading an exposed module of another remote at run time. A subpath of
 * its own (not in @cc/ui's index) because it imports the federation runtime: only the shell
 * and the remotes that load other remotes should pull that in. Not a shared module, so each
 * bundle that imports it has its own cache (the runtime itself comes from the shell).
 */

/** What an exposed page or panel module looks like: a component as its default export. */
export interface RemoteComponentModule {
  default: ComponentType;
}

interface Entry {
  promise: Promise<RemoteComponentModule>;
  attempt: number;
  failed: boolean;
  /** The module, once the promise has resolved. */
  loaded?: RemoteComponentModule;
}

/**
 * One promise per exposed module (`planning/PlanningPage`), so React's `use()` sees the same
 * promise on every render of one attempt. A failed load stays failed for the attempt that
 * made it (React must see the rejection to show the error boundary; handing it a fresh
 * promise would retry in a tight loop), and any newer attempt (Retry, or the page or slot
 * mounting again) loads again. The federation runtime keeps no failed remoteEntry load, so
 * a new attempt really fetches remoteEntry.js again.
 */
const cache = new Map<string, Entry>();
let attempts = 0;

/** A new attempt number: one per mount of a remote page or slot and one per Retry. */
export function nextAttempt(): number {
  attempts += 1;
  return attempts;
}

export function loadRemoteModule(id: string, attempt: number): Promise<RemoteComponentModule> {
  const cached = cache.get(id);
  if (cached && (!cached.failed || cached.attempt === attempt)) return cached.promise;
  const promise = loadRemote<RemoteComponentModule>(id).then((mod) => {
    if (!mod || !mod.default) throw new Error(`The remote module ${id} has no default export`);
    return mod;
  });
  const entry: Entry = { promise, attempt, failed: false };
  promise.then(
    (mod) => {
      entry.loaded = mod;
    },
    () => {
      entry.failed = true;
    },
  );
  cache.set(id, entry);
  return promise;
}

/**
 * The module once its load has finished (started by `loadRemoteModule`, in this bundle), else
 * undefined: a component that finds it renders the module at once, with no loading frame (and no
 * Suspense fallback, whose reveal React holds for 300 ms once shown).
 */
export function loadedRemoteModule(id: string): RemoteComponentModule | undefined {
  return cache.get(id)?.loaded;
}
