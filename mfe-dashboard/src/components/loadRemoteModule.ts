import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

export interface RemoteComponentModule {
  default: ComponentType;
}

interface Entry {
  promise: Promise<RemoteComponentModule>;
  attempt: number;
  failed: boolean;
}

/**
 * One promise per exposed module for each attempt (React's `use()` needs the same promise
 * on every render, and must see a rejection to reach the error boundary); a newer attempt
 * (Retry, or the slot mounting again) loads a failed module again.
 */
const cache = new Map<string, Entry>();
let attempts = 0;

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
  promise.catch(() => {
    entry.failed = true;
  });
  cache.set(id, entry);
  return promise;
}
