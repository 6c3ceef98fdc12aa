import { readStored, removeStored, writeStored } from '../storage';
import { LIVE_DRAFT_LIMIT_CHARS, type AutosaveOptions } from './options';

/** Draft writes while typing, at most this often (small texts only). */
const DRAFT_THROTTLE_MS = 300;

/** The unsaved text in localStorage: what it is, the version it was based on, and when. */
export interface StoredDraft<B = unknown> {
  content: string;
  base?: B;
  at: number;
  /** Ids of saves whose answer never came: after a reload they are still recognised as ours. */
  saves?: string[];
}

export function readDraft<B = unknown>(key: string | null | undefined): StoredDraft<B> | null {
  if (!key) return null;
  const stored = readStored<Partial<StoredDraft<B>>>(key);
  if (!stored || typeof stored !== 'object' || typeof stored.content !== 'string') return null;
  const saves = Array.isArray(stored.saves) ? stored.saves.filter((s): s is string => typeof s === 'string') : [];
  return {
    content: stored.content,
    base: stored.base,
    at: typeof stored.at === 'number' ? stored.at : 0,
    ...(saves.length > 0 ? { saves } : {}),
  };
}

type DraftOptions<B> = Pick<AutosaveOptions<B>, 'storageKey' | 'getLength' | 'liveDraftLimit' | 'draftThrottleMs'>;

/** One autosave's draft under `options.storageKey` (no key: every call does nothing). */
export class LocalDraft<B> {
  private readonly options: DraftOptions<B>;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: DraftOptions<B>) {
    this.options = options;
  }

  get kept(): boolean {
    return Boolean(this.options.storageKey);
  }

  read(): StoredDraft<B> | null {
    return readDraft<B>(this.options.storageKey);
  }

  write(content: string, base: B | undefined, saves: string[] = []): void {
    const key = this.options.storageKey;
    if (!key) return;
    const draft: StoredDraft<B> = { content, base, at: Date.now(), ...(saves.length > 0 ? { saves } : {}) };
    writeStored(key, draft);
  }

  remove(): void {
    if (this.options.storageKey) removeStored(this.options.storageKey);
  }

  /** While typing: runs `write` once the throttle has passed, for small texts only. */
  writeSoon(write: () => void): void {
    if (!this.options.storageKey || this.timer !== undefined) return;
    const length = this.options.getLength ? this.options.getLength() : Number.NaN;
    // Big texts: writing 1 MB to localStorage costs ~10 ms, so only at save / page-hide time.
    if (!(length <= (this.options.liveDraftLimit ?? LIVE_DRAFT_LIMIT_CHARS))) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      write();
    }, this.options.draftThrottleMs ?? DRAFT_THROTTLE_MS);
  }

  cancelWriteSoon(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
