import { ApiError } from './errors';

/** Older than this, an early read may predate a change the user made: it is not used. */
export const EARLY_READ_MAX_AGE_MS = 5_000;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export interface EarlyRead<T> {
  /** Sends the read now, under a key naming what it asked for (a path, a period...). */
  start(key: string, read: () => Promise<T>): void;
  /**
   * The answer, once, to the first load that asks for the same key while it is fresh; else null
   * (the load asks the server itself). A 401 asks again through `again`, the usual way: the
   * shell may load a page's code before it knows the session, so the early read never redirects.
   * Any other error is the load's to show.
   */
  take(key: string, again: () => Promise<T>): Promise<T> | null;
}

/**
 * A page's first read, started as its code arrives (the module is evaluated with the exposed
 * page) instead of after React has rendered and committed it: on a cold visit the answer then
 * travels while the page renders. Used by the planning, coaching and people pages.
 */
export function earlyRead<T>(maxAgeMs = EARLY_READ_MAX_AGE_MS): EarlyRead<T> {
  let pending: { key: string; at: number; answer: Promise<T> } | null = null;
  return {
    start(key, read) {
      const answer = read();
      // Taken (or dropped) by the first load; never an unhandled rejection.
      answer.catch(() => undefined);
      pending = { key, at: now(), answer };
    },
    take(key, again) {
      const taken = pending;
      pending = null;
      if (!taken || taken.key !== key || now() - taken.at > maxAgeMs) return null;
      return taken.answer.catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return again();
        throw error;
      });
    },
  };
}
