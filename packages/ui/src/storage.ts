import { useCallback, useEffect, useState } from 'react';

/**
 * Small, failure-proof wrappers around `localStorage` (private mode, quota, disabled storage
 * or a non-browser environment all degrade to "nothing stored" instead of throwing).
 */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The parsed JSON stored under `key`, or undefined (missing, unreadable or not JSON). */
export function readStored<T = unknown>(key: string): T | undefined {
  try {
    const raw = storage()?.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON; false when the browser refused (quota, disabled storage). */
export function writeStored(key: string, value: unknown): boolean {
  try {
    const s = storage();
    if (!s) return false;
    s.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to do
  }
}

/**
 * `useState` backed by localStorage: read when `key` changes, written on every set.
 * `parse` validates what was stored (return undefined to fall back to `initial`).
 */
export function useLocalStorage<T>(
  key: string,
  initial: T,
  parse: (stored: unknown) => T | undefined = (stored) => stored as T,
): [T, (next: T | ((previous: T) => T)) => void] {
  const load = useCallback((): T => {
    const stored = readStored(key);
    return stored === undefined ? initial : (parse(stored) ?? initial);
    // `initial` and `parse` are read once per key, like useState's initial value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const [state, setState] = useState<{ key: string; value: T }>(() => ({ key, value: load() }));

  useEffect(() => {
    if (state.key !== key) setState({ key, value: load() });
  }, [key, state.key, load]);

  const set = useCallback(
    (next: T | ((previous: T) => T)) => {
      setState((current) => {
        const base = current.key === key ? current.value : load();
        const value = typeof next === 'function' ? (next as (previous: T) => T)(base) : next;
        writeStored(key, value);
        return { key, value };
      });
    },
    [key, load],
  );

  return [state.key === key ? state.value : load(), set];
}
