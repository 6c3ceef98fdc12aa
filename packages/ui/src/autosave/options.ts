import { errorsFrom } from '@cc/client';
import type { StatusTexts } from './status';

/** How a caller plugs its text and its server into an autosave, and the defaults it gets. */

export const DEFAULT_AUTOSAVE_DELAY_MS = 1000;
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];
export { KEEPALIVE_LIMIT_CHARS } from '../pending-saves';
/** Below this size the local draft is also written while typing (throttled); above it, at save and page-hide time. */
export const LIVE_DRAFT_LIMIT_CHARS = 100_000;

export interface SaveInfo {
  /** The page is going away: the request must survive it (fetch keepalive). */
  keepalive: boolean;
  /** This save's id: send it along (e.g. `save_id`) so a 409 can name the save that wrote the server's text. */
  saveId: string;
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
  /**
   * Recognises "your version is outdated" failures and returns the server's current text, with
   * the id of the save that wrote it (`saveId`) when the server says: if that is one of ours
   * whose answer was lost, autosaving goes on from it without a conflict.
   */
  conflictOf?(error: unknown): { theirs: string; base?: B; message?: string; saveId?: string | null } | null;
  /** The server's reason for refusing a save, shown as "Not saved: …" (default: the messages of a 4xx answer). */
  refusalOf?(error: unknown): string | null;
  /** Whether a failure is worth retrying (default: network errors, 408, 429 and 5xx). */
  isRetryable?(error: unknown): boolean;
  retryDelaysMs?: readonly number[];
  keepaliveLimit?: number;
  liveDraftLimit?: number;
  /** Throttle of the draft writes while typing (small texts only). */
  draftThrottleMs?: number;
  /** Called after every failed save (the caller may log it). */
  onError?(error: unknown): void;
  /** The status line's wording, where it differs from the dashboard's. */
  texts?: Partial<StatusTexts>;
}

/** Network errors (no status, or 0), timeouts, rate limits and server errors may pass; a refusal (other 4xx) will not. */
export function defaultRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return true;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * The server's messages when it refused a save (a 4xx other than a timeout or rate limit): the
 * `errors` of the answer body (`{success:false, errors}`). Null when there is no answer of the
 * server's own to show.
 */
export function defaultRefusal(error: unknown): string | null {
  const e = error as { status?: unknown; body?: unknown } | null;
  const status = e?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500 || status === 408 || status === 429) return null;
  const messages = errorsFrom(e?.body).filter((m) => m.trim() !== '');
  return messages.length > 0 ? messages.join(' ') : null;
}
