// The subpath, not @cc/ui: the explorer is on the first visit, the rest of @cc/ui is not.
import { readStored, writeStored } from '@cc/ui/storage';

/** Suggestion counts are integers 1 to 10, default 5 (non-numeric → 5), remembered in the browser (docs/dashboard.md#suggestions). */
export const FOLDERS_COUNT_KEY = 'aiFoldersCount';
export const FILES_COUNT_KEY = 'aiFilesCount';
export const DEFAULT_COUNT = 5;
export const MIN_COUNT = 1;
export const MAX_COUNT = 10;

export function normalizeCount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value.trim(), 10) : Number.NaN;
  if (!Number.isFinite(n)) return DEFAULT_COUNT;
  return Math.min(MAX_COUNT, Math.max(MIN_COUNT, Math.trunc(n)));
}

export function readCount(key: string): number {
  return normalizeCount(readStored(key));
}

/** Stores the normalised count and returns it (storage refused: the count is only not remembered). */
export function writeCount(key: string, value: unknown): number {
  const n = normalizeCount(value);
  writeStored(key, n);
  return n;
}
