import { useCallback, useEffect, useState } from 'react';

/**
 * Small, failure-proof wrappers around `localStorage` (private mode, quota, disabled storage
 * or a non-browser environment all degrade to "nothing stored" instead of throwing).
 *
 * Everything a page keeps here belongs to one account (docs/architecture.md#browser-storage): `cc:account` records
 * whose it is, while the product keys keep their original names and formats (`chat:{folder/file}`,
 * `aiFoldersCount`…). The shell tells which account the page serves (`setStorageAccount`);
 * when the browser's values belong to another account, or to no known one, they are removed,
 * and sign-out removes them all (`clearAccountStorage`). A page whose account no longer owns
 * the browser (signed out or replaced in another tab) neither reads nor writes them.
 */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Whose values the browser keeps (the product's keys have no room for an owner, so one key records it). */
export const ACCOUNT_KEY = 'cc:account';

// On globalThis rather than in this module: the shell and the remotes each bundle their own
// copy of this file (the shell imports only the @cc/ui/storage subpath), and they must agree.
const SLOT = Symbol.for('cc.ui.storage.account');
type Slot = { [SLOT]?: string | null };
const slot = globalThis as Slot;

/**
 * The account this page serves: undefined until told (a remote running on its own, unit
 * tests: values are used as they are, of unknown owner), null after sign-out.
 */
export function storageAccount(): string | null | undefined {
  return slot[SLOT];
}

function ownerOf(s: Storage): string | null {
  try {
    return s.getItem(ACCOUNT_KEY);
  } catch {
    return null;
  }
}

/** The stored values are known to belong to this page's account. */
export function storedIsMine(): boolean {
  const account = slot[SLOT];
  const s = storage();
  return typeof account === 'string' && s !== undefined && ownerOf(s) === account;
}

/** The storage this page may use: none when its account does not own what is stored. */
function usable(): Storage | undefined {
  const s = storage();
  const account = slot[SLOT];
  if (!s || account === undefined) return s;
  return account !== null && ownerOf(s) === account ? s : undefined;
}

/**
 * The session user is known (start-up, sign-in, sign-up). Values kept for anyone else, or for
 * no recorded account (written before owners were recorded), are removed first.
 */
export function setStorageAccount(id: string | number): void {
  const account = String(id);
  slot[SLOT] = account;
  const s = storage();
  if (!s || ownerOf(s) === account) return;
  try {
    s.clear();
    s.setItem(ACCOUNT_KEY, account);
  } catch {
    // storage refused: usable() then finds no owner and the page keeps nothing
  }
}

/**
 * Sign-out: removes everything the browser keeps for the account, and nothing is kept until
 * the next sign-in (late writes, such as an editor saving as it unmounts, are refused).
 */
export function clearAccountStorage(): void {
  slot[SLOT] = null;
  try {
    storage()?.clear();
  } catch {
    // nothing to do
  }
}

/**
 * Another tab signed out (it cleared the storage already): this page keeps nothing more either,
 * and clears nothing itself (a sign-in elsewhere may be writing by now).
 */
export function storageAccountSignedOut(): void {
  slot[SLOT] = null;
}

/** Tests: back to not knowing the account. */
export function forgetStorageAccount(): void {
  delete slot[SLOT];
}

/** The keys stored for this page's account that start with `prefix`. */
export function storedKeys(prefix = ''): string[] {
  const s = usable();
  if (!s) return [];
  const keys: string[] = [];
  try {
    for (let i = 0; i < s.length; i += 1) {
      const key = s.key(i);
      if (key !== null && key !== ACCOUNT_KEY && key.startsWith(prefix)) keys.push(key);
    }
  } catch {
    return [];
  }
  return keys;
}

/** The parsed JSON stored under `key`, or undefined (missing, unreadable, not JSON, not this account's). */
export function readStored<T = unknown>(key: string): T | undefined {
  try {
    const raw = usable()?.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON; false when the browser refused (quota, disabled storage) or the page's account does not own the storage. */
export function writeStored(key: string, value: unknown): boolean {
  try {
    const s = usable();
    if (!s) return false;
    s.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string): void {
  try {
    usable()?.removeItem(key);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` and `parse` are read once per key, like useState's initial value
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
