import { trackPendingSave } from '../pending-saves';
import { LocalDraft } from './draft';
import {
  DEFAULT_AUTOSAVE_DELAY_MS,
  DEFAULT_RETRY_DELAYS_MS,
  defaultRefusal,
  defaultRetryable,
  KEEPALIVE_LIMIT_CHARS,
  type AutosaveOptions,
} from './options';
import { Backoff } from './backoff';
import { mayHaveLanded, newSaveId, UnansweredSaves } from './saveIds';
import { SnapshotStore } from './snapshot-store';
import { Timer } from './timer';
import { DEFAULT_STATUS_TEXTS, notSavedText, type AutosaveSnapshot, type SaveTexts, type StatusTexts } from './status';

/**
 * Autosave with a local safety net (docs/architecture.md#data: writes the user typed are never lost).
 *
 * - A save runs `delayMs` after the last edit (1 s in the file editor, 2 s in the journal),
 *   and at once on `flush()` (blur, file switch) and `unload()` (page hide, unload).
 * - Until the server confirms a save, the unsaved text is kept in localStorage under
 *   `storageKey` (`{content, base, at}`); `start()` brings back a draft that the server does
 *   not have yet and saves it.
 * - A save based on an outdated version (the caller's `conflictOf` recognises it, e.g. a 409
 *   with the server's current text) stops autosaving and exposes both versions; the user
 *   keeps theirs (`keepMine`), takes the server's (`takeTheirs`), or copies. Unless the
 *   server's version was written by one of our own saves whose answer was lost (every save
 *   has an id, `SaveInfo.saveId`): then saving goes on from it at once, without a conflict.
 * - A failed save is retried with backoff while the page is open (and at once when the
 *   browser comes back online); a refused one (4xx) waits for the next edit, and the status
 *   says the server's reason ("Not saved: …").
 *
 * Framework-free so it stays off React's render path: `changed()` is cheap (a flag and a
 * timer; it never reads the text), so typing in a 1 MB document costs nothing here.
 */

export class Autosave<B = unknown> {
  private readonly options: AutosaveOptions<B>;
  private readonly delayMs: number;
  private readonly texts: StatusTexts;
  private readonly store = new SnapshotStore<AutosaveSnapshot<B>>({ state: 'idle', text: '', conflict: null, restored: false });

  /** The version the server has (what our text is based on) and its text. */
  private base: B | undefined;
  private confirmed: string | null = null;
  private started = false;
  private disposed = false;

  /** Bumped by every edit; a save is complete when nothing changed while it ran. */
  private editSeq = 0;
  private savedSeq = 0;
  private inFlight: Promise<boolean> | null = null;
  /** The next save, `delayMs` after the last edit. */
  private readonly timer = new Timer();
  /** A failed save tries again while the page is open. */
  private readonly retry: Backoff;
  private nextTexts: SaveTexts | null = null;
  /** The edit already sent by `unload()` (beforeunload and pagehide both come: send once). */
  private unloadSeq = -1;

  /** Unregisters this autosave from the page's pending saves (see pending-saves.ts). */
  private untrack: (() => void) | undefined;

  /** The text kept in localStorage until the server confirms it. */
  private readonly draft: LocalDraft<B>;
  /** Our saves whose answer never came: any of them may be what the server holds now. */
  private readonly unanswered = new UnansweredSaves();

  constructor(options: AutosaveOptions<B>) {
    this.options = options;
    this.draft = new LocalDraft<B>(options);
    this.delayMs = options.delayMs ?? DEFAULT_AUTOSAVE_DELAY_MS;
    this.retry = new Backoff(options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS);
    this.texts = { ...DEFAULT_STATUS_TEXTS, ...options.texts };
  }

  /* ---------------------------------------------------------------- observing */

  getSnapshot = this.store.get;
  subscribe = this.store.subscribe;

  private get snapshot(): AutosaveSnapshot<B> {
    return this.store.get();
  }

  private set(next: Partial<AutosaveSnapshot<B>>) {
    this.store.update(next);
  }

  get dirty(): boolean {
    return this.editSeq !== this.savedSeq;
  }

  /** The text the server is known to have (null before `start`). */
  get confirmedContent(): string | null {
    return this.confirmed;
  }

  /** The version the next save is based on. */
  get currentBase(): B | undefined {
    return this.base;
  }

  /* ---------------------------------------------------------------- life cycle */

  /**
   * The server's text and version are known (the document loaded). Returns the text to
   * show: the local draft when there is an unsaved one (it is saved at once), else `server`.
   */
  start(server: string, base?: B): { content: string; restored: boolean } {
    this.started = true;
    // Sign-out sends what is unsaved before the session ends.
    this.untrack ??= trackPendingSave(() => this.flush());
    this.savedSeq = this.editSeq;
    this.confirmed = server;
    this.base = base;
    this.unanswered.clear();
    const draft = this.draft.read();
    if (draft && draft.content !== server) {
      // Based on the version the draft was made from: the server refuses it if that moved on,
      // unless one of the draft's unanswered saves made that move.
      if (draft.base !== undefined) this.base = draft.base;
      this.unanswered.restore(draft.saves);
      this.editSeq += 1;
      this.set({ state: 'dirty', text: this.texts.typing, restored: true, conflict: null });
      this.schedule(0);
      return { content: draft.content, restored: true };
    }
    if (draft) this.draft.remove();
    this.set({ state: 'idle', text: '', restored: false, conflict: null });
    return { content: server, restored: false };
  }

  /** The user edited the text (call on every edit; cheap). */
  changed(): void {
    if (this.disposed) return;
    this.editSeq += 1;
    if (this.snapshot.state === 'saved' || this.snapshot.state === 'idle') this.set({ state: 'dirty', text: this.texts.typing });
    if (this.snapshot.restored) this.set({ restored: false });
    this.draft.writeSoon(() => {
      if (this.dirty && !this.disposed) this.writeDraft(this.options.getContent());
    });
    if (this.snapshot.state === 'conflict') return;
    // A failed save waits for its retry; the new text goes with it.
    if (this.retry.waiting) return;
    this.schedule(this.delayMs);
  }

  /** Saves now if anything is unsaved (blur, switching documents). Resolves true when all is saved. */
  flush(texts?: SaveTexts): Promise<boolean> {
    if (texts) this.nextTexts = texts;
    this.timer.cancel();
    if (!this.started || this.snapshot.state === 'conflict') return Promise.resolve(!this.dirty);
    if (this.inFlight) return this.inFlight.then(() => this.flush());
    if (!this.dirty) {
      if (texts?.saved) this.set({ state: 'saved', text: texts.saved });
      this.nextTexts = null;
      return Promise.resolve(true);
    }
    return this.run(false);
  }

  /**
   * Marks the text as edited and saves it at once (e.g. an applied AI draft: 'Draft saved',
   * an undo: 'Reverted' / 'Revert failed').
   */
  saveNow(texts?: SaveTexts): Promise<boolean> {
    this.editSeq += 1;
    return this.flush(texts);
  }

  /** The page is going away: keep the draft locally and send what fits in a keepalive request. */
  unload(): void {
    if (!this.started || this.disposed || !this.dirty || this.unloadSeq === this.editSeq) return;
    const content = this.options.getContent();
    const send = this.snapshot.state !== 'conflict' && content.length <= (this.options.keepaliveLimit ?? KEEPALIVE_LIMIT_CHARS);
    const saveId = newSaveId();
    // Unanswered until answered, which on a closing page is never: the draft keeps its id so the
    // next visit recognises this save if it landed.
    if (send) this.unanswered.add(saveId);
    this.writeDraft(content);
    if (this.snapshot.state === 'conflict') return;
    this.unloadSeq = this.editSeq;
    if (!send) return;
    try {
      void this.options.save(content, this.base, { keepalive: true, saveId }).then(
        (base) => {
          // Still here (a hidden tab came back): that save counts.
          if (this.disposed) return;
          this.unanswered.clear();
          if (base !== undefined) this.base = base as B;
        },
        (error: unknown) => {
          if (!mayHaveLanded(error)) this.unanswered.take(saveId);
        },
      );
    } catch {
      // The draft is kept; the next visit saves it.
    }
  }

  /** Retry a failed save now (the browser is back online). */
  retryNow(): void {
    if (this.disposed || !this.retry.cancel()) return;
    void this.flush();
  }

  /** Conflict: save my text over the server's current version. */
  keepMine(): Promise<boolean> {
    const conflict = this.snapshot.conflict;
    if (!conflict) return this.flush();
    this.base = conflict.theirsBase;
    this.unanswered.clear();
    this.editSeq += 1;
    this.set({ state: 'dirty', text: this.texts.typing, conflict: null });
    return this.flush();
  }

  /** Conflict: take the server's text (the caller puts it in the editor); the draft goes. */
  takeTheirs(): string | null {
    const conflict = this.snapshot.conflict;
    if (!conflict) return null;
    this.base = conflict.theirsBase;
    this.unanswered.clear();
    this.confirmed = conflict.theirs;
    this.savedSeq = this.editSeq;
    this.draft.remove();
    this.set({ state: 'saved', text: this.texts.saved, conflict: null });
    return conflict.theirs;
  }

  /**
   * The text was replaced by the server's (e.g. reloaded): forget unsaved state, keep `base`.
   */
  reset(server: string, base?: B): void {
    this.timer.cancel();
    this.retry.cancel();
    this.confirmed = server;
    this.base = base;
    this.unanswered.clear();
    this.savedSeq = this.editSeq;
    this.draft.remove();
    this.set({ state: 'idle', text: '', conflict: null, restored: false });
  }

  /** Undoes `dispose()` (React StrictMode runs effect clean-ups once more in development). */
  revive(): void {
    this.disposed = false;
    if (this.started) this.untrack ??= trackPendingSave(() => this.flush());
  }

  /** Stops the timers; with `flush` (default) unsaved text is saved first (it keeps trying in the background). */
  dispose({ flush = true }: { flush?: boolean } = {}): Promise<boolean> {
    if (this.disposed) return Promise.resolve(!this.dirty);
    this.draft.cancelWriteSoon();
    let result: Promise<boolean> = Promise.resolve(!this.dirty);
    if (flush && this.started && this.dirty) {
      this.writeDraft(this.options.getContent());
      if (this.snapshot.state !== 'conflict') result = this.flush();
    }
    this.disposed = true;
    this.timer.cancel();
    this.retry.cancel();
    this.store.close();
    // A save still under way counts as pending until it ends.
    const untrack = this.untrack;
    this.untrack = undefined;
    void result.finally(() => untrack?.());
    return result;
  }

  /* ---------------------------------------------------------------- internals */

  private schedule(ms: number) {
    this.timer.set(ms, () => void this.flush());
  }

  private writeDraft(content: string) {
    this.draft.write(content, this.base, this.unanswered.list());
  }

  private run(keepalive: boolean): Promise<boolean> {
    const seq = this.editSeq;
    const content = this.options.getContent();
    const texts = this.nextTexts;
    this.nextTexts = null;
    this.retry.cancel();
    const saveId = newSaveId();
    // Until the server confirms, the text is safe in the browser, with the id of this save
    // (should the page go away before the answer comes, the next visit knows it as ours).
    this.unanswered.add(saveId);
    this.writeDraft(content);
    this.set({ state: 'saving', text: this.texts.saving });
    const sentBase = this.base;
    const promise = (async (): Promise<boolean> => {
      try {
        const next = await this.options.save(content, sentBase, { keepalive, saveId });
        this.inFlight = null;
        this.retry.succeeded();
        this.unanswered.clear();
        if (next !== undefined && next !== null) this.base = next as B;
        this.confirmed = content;
        if (this.editSeq === seq) {
          this.savedSeq = seq;
          this.draft.remove();
        } else if (this.draft.kept) {
          // More was typed meanwhile: the draft stays, now based on the new version.
          this.writeDraft(this.options.getContent());
        }
        if (this.disposed) return !this.dirty;
        if (this.dirty) {
          // More was typed while it ran: that goes in the next save.
          this.set({ state: 'dirty', text: texts?.saved ?? this.texts.saved });
          if (!this.timer.pending) this.schedule(this.delayMs);
          return false;
        }
        this.set({ state: 'saved', text: texts?.saved ?? this.texts.saved });
        return true;
      } catch (error) {
        this.inFlight = null;
        return this.failed(error, saveId, texts);
      }
    })();
    this.inFlight = promise;
    return promise;
  }

  private failed(error: unknown, saveId: string, texts: SaveTexts | null): Promise<boolean> | boolean {
    this.options.onError?.(error);
    // Answered (a refusal, a conflict): this save did not land. Unanswered: it may have.
    if (!mayHaveLanded(error)) this.unanswered.take(saveId);
    const conflict = this.options.conflictOf?.(error) ?? null;
    if (conflict && this.unanswered.take(conflict.saveId)) {
      // The server's "other" version is our own earlier save whose answer was lost: go on
      // from it, and save what is typed now over it at once.
      this.base = conflict.base;
      this.confirmed = conflict.theirs;
      this.retry.succeeded();
      this.unanswered.clear();
      this.nextTexts = texts;
      return this.run(false);
    }
    if (conflict) {
      this.timer.cancel();
      this.set({
        state: 'conflict',
        text: texts?.failed ?? this.texts.failed,
        conflict: { mine: this.options.getContent(), theirs: conflict.theirs, theirsBase: conflict.base, message: conflict.message },
      });
      return false;
    }
    const refusal = (this.options.refusalOf ?? defaultRefusal)(error);
    // Refused with a reason (e.g. text the server does not accept): say it; the draft stays.
    this.set({
      state: 'failed',
      text: refusal ? notSavedText(refusal, texts?.failed ?? this.texts.notSaved) : (texts?.failed ?? this.texts.failed),
    });
    if (!this.disposed && (this.options.isRetryable ?? defaultRetryable)(error)) {
      this.timer.cancel();
      this.retry.schedule(() => void this.flush());
    }
    return false;
  }
}
