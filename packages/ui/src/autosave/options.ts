/** How a caller plugs its text and its server into an autosave, and the defaults it gets. */

export const DEFAULT_AUTOSAVE_DELAY_MS = 1000;
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];
/** fetch(keepalive) bodies are limited to 64 KiB in flight; larger texts rely on the local draft. */
export const KEEPALIVE_LIMIT_CHARS = 60_000;
/** Below this size the local draft is also written while typing (throttled); above it, at save and page-hide time. */
export const LIVE_DRAFT_LIMIT_CHARS = 100_000;

export interface SaveInfo {
  /** The page is going away: the request must survive it (fetch keepalive). */
  keepalive: boolean;
}

export interface AutosaveOptions<B> {
  /** The current text (read only when a save or draft needs it). */
  getContent(): string;
  /** Its length, cheaply (defaults to getContent().length). */
  getLength?(): number;
  /** Stores `content`, based on version `base`; resolves with the new version (or nothing). */
  save(content: string, base: B | undefined, info: SaveInfo): Promise<B | undefined | void>;
  delayMs?: number;
  /** localStorage key of the unsaved draft; null keeps no draft. */
  storageKey?: string | null;
  /** Recognises "your version is outdated" failures and returns the server's current text. */
  conflictOf?(error: unknown): { theirs: string; base?: B; message?: string } | null;
  /** Whether a failure is worth retrying (default: network errors, 408, 429 and 5xx). */
  isRetryable?(error: unknown): boolean;
  retryDelaysMs?: readonly number[];
  keepaliveLimit?: number;
  liveDraftLimit?: number;
  /** Throttle of the draft writes while typing (small texts only). */
  draftThrottleMs?: number;
  /** Called after every failed save (the caller may log it). */
  onError?(error: unknown): void;
}

/** Network errors (no status, or 0), timeouts, rate limits and server errors may pass; a refusal (other 4xx) will not. */
export function defaultRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return true;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
