/**
 * Every save carries an id the client made; the server keeps the id of the save that wrote the
 * current text and names it in a 409. A save whose answer never came (a dropped connection, a
 * 502 after the commit) may well have landed: when the next save is refused as stale and the
 * 409 names one of these ids, the "other" version is our own earlier save, not a conflict.
 */

/** Enough to tell a client's saves apart (server rule: 1-64 of [A-Za-z0-9_-]). */
const ID_BYTES = 12;
/** Saves that went unanswered in a row are few; older ones cannot be the server's current save. */
const KEEP = 20;

export function newSaveId(): string {
  const bytes = new Uint8Array(ID_BYTES);
  // getRandomValues works outside secure contexts too (randomUUID does not, e.g. plain http on a LAN).
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether the server may have committed a save that failed this way (no answer from it, or a gateway error). */
export function mayHaveLanded(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status < 400 || status >= 500;
}

/** The ids of this client's saves whose answer never came, newest last. */
export class UnansweredSaves {
  private ids: string[] = [];

  add(id: string): void {
    this.ids = [...this.ids.filter((x) => x !== id), id].slice(-KEEP);
  }

  /** Whether `id` is one of ours; it is forgotten either way (one recognition per save). */
  take(id: string | null | undefined): boolean {
    if (!id || !this.ids.includes(id)) return false;
    this.ids = this.ids.filter((x) => x !== id);
    return true;
  }

  /** A save was answered, or the user settled the text: none of the older saves can be current now. */
  clear(): void {
    this.ids = [];
  }

  /** For the local draft, so a reload still knows them. */
  list(): string[] {
    return [...this.ids];
  }

  restore(ids: readonly unknown[] | undefined): void {
    this.ids = (ids ?? []).filter((x): x is string => typeof x === 'string').slice(-KEEP);
  }
}
