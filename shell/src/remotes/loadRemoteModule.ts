import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

export interface RemotePageModule {
  default: ComponentType;
}

interface Entry {
  promise: Promise<RemotePageModule>;
  attempt: number;
  failed: boolean;
}

/**
 * One promise per exposed module (`planning/PlanningPage`), so React's `use()` sees the same
 * promise on every render of one attempt. A failed load stays failed for the attempt that
 * made it (React must see the rejection to show the error boundary; handing it a fresh
 * promise would retry in a tight loop), and any newer attempt (Retry, or coming back to
 * the section) loads again. The federation runtime keeps no failed remoteEntry load, so a
 * new attempt really fetches remoteEntry.js again.
 */
const cache = new Map<string, Entry>();
let attempts = 0;

/** A new attempt number: one per mount of a remote page and one per Retry. */
export function nextAttempt(): number {
  attempts += 1;
  return attempts;
}

export function loadRemoteModule(id: string, attempt: number): Promise<RemotePageModule> {
  const cached = cache.get(id);
  if (cached && (!cached.failed || cached.attempt === attempt)) return cached.promise;
  const promise = loadRemote<RemotePageModule>(id).then((mod) => {
    if (!mod || !mod.default) throw new Error(`The remote module ${id} has no default export`);
    return mod;
  });
  const entry: Entry = { promise, attempt, failed: false };
  promise.catch(() => {
    entry.failed = true;
  });
  cache.set(id, entry);
  return promise;
}
