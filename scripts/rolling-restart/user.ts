import { api, ApiError, type ReadRouteKey } from '@cc/client';
import { AUTOSAVE_DELAYS_MS } from '@cc/ui/autosave';
// The browser's own code, not a copy: the workspace's save call and 409 reading, and the
// framework-free autosave controller useAutosavedText wraps (not in @cc/ui's exports: the pages
// reach it through the hook, which needs React).
import { Autosave } from '../../packages/ui/src/autosave/autosave';
import { staleText } from '../../mfe-dashboard/src/shared/saveGuard';
import { saveContent } from '../../mfe-dashboard/src/workspace/api/files';
import { asUser, type BrowserIdentity } from './transport';

/** What one user's saves came to, for the figures. */
export interface SaveCounts {
  /** Saves sent (autosave runs, retries included). */
  sent: number;
  accepted: number;
  /** Failed without an answer of the service's own (no answer, 5xx): retried with backoff. */
  retried: number;
  /** A 409 naming one of this user's own unanswered saves: autosave went on from it. */
  ownConflicts: number;
  /** A 409 the user is shown (both versions): autosaving stops until they choose. */
  shownConflicts: number;
  /** Refused (another 4xx): the edit waits for the next one. */
  refused: number;
  /** Accepted although its base revision was not the text's (and the text it replaced was not one this user sent). */
  silentOverwrites: number;
}

export interface UserOutcome {
  index: number;
  fileId: number;
  /** Edits typed. */
  typed: number;
  /** Edits in the last content the server acknowledged. */
  acknowledged: number;
  saves: SaveCounts;
  /** Reads the page saw fail after the client's own retries (a 5xx or no answer three times). */
  failedReads: number;
  /** GET /files/{id} answers that lacked an edit acknowledged before the read left. */
  staleReads: number;
  /** The autosave still held unsaved text (or a conflict) when the check stopped waiting. */
  gaveUp: boolean;
  /** The text the user has on screen at the end. */
  text: string;
}

/** The line edit `edit` of user `user` adds: the final text tells exactly which edit is missing. */
export const editLine = (user: number, edit: number) => `- user ${user} edit ${edit}: a line typed in the workspace\n`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

/** The dashboard's reads besides the open file and the file index, one per round in turn. */
const OTHER_READS: ReadRouteKey[] = ['GET /auth/session', 'GET /folders', 'GET /people', 'GET /planning/todos', 'GET /ai_chat/status'];

/** @cc/client's query retry (createQueryClient): server and network failures twice more, 1 s then 2 s apart. */
async function readLikeAQuery<T>(read: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await read();
    } catch (error) {
      const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (clientError || failures >= 2) throw error;
      await sleep(Math.min(1000 * 2 ** failures, 30_000));
    }
  }
}

export interface Pace {
  /** Edits per burst, and the gap between two edits of a burst (ms). */
  burst: [number, number];
  keyGapMs: [number, number];
  /** The pause after a burst (ms): longer than the autosave delay, so a save goes in it. */
  pauseMs: [number, number];
}

/**
 * One signed-in browser with one file open in the workspace: it types bursts of edits (each a
 * new line naming the user and the edit's number, so the final text tells which edit is
 * missing), the workspace's autosave saves them exactly as the page does (1 s after the last
 * edit, `PATCH /files/{id}` with the revision it is based on and a save id, backoff on a 5xx or
 * no answer, a 409 that names its own lost save goes on), and between bursts it reads what the
 * dashboard reads.
 */
export class SimulatedUser {
  private text = '';
  private typed = 0;
  private acknowledged = 0;
  private fileId = 0;
  private autosave!: Autosave<number>;
  /** Edit counts of every content sent: a text the server may hold from an unanswered save. */
  private readonly sentContents = new Set<number>();
  private readonly counts: SaveCounts = {
    sent: 0,
    accepted: 0,
    retried: 0,
    ownConflicts: 0,
    shownConflicts: 0,
    refused: 0,
    silentOverwrites: 0,
  };
  private failedReads = 0;
  private staleReads = 0;
  private round = 0;

  constructor(
    readonly index: number,
    private readonly identity: BrowserIdentity,
  ) {}

  private marker(edit: number): string {
    return editLine(this.index, edit);
  }

  /** The text's length after each edit: a text this user's autosave sends is known by its length alone. */
  private readonly editsAtLength = new Map<number, number>();

  /** How many edits `content` (a text this user had on screen) holds. */
  private editsIn(content: string): number {
    return this.editsAtLength.get(content.length) ?? 0;
  }

  /** Creates the user's file (as the explorer does) and opens it (as the workspace does). */
  open(): Promise<void> {
    return asUser(this.identity, async () => {
      const created = await api.call('POST /files', {
        body: { file: { name: `notes-${this.index}.md`, folder: 'Restarts', description: '', content: `# Notes of user ${this.index}\n` } },
      });
      this.fileId = created.file.id;
      const { file } = await this.readFile();
      this.autosave = new Autosave<number>({
        storageKey: null,
        delayMs: AUTOSAVE_DELAYS_MS.file,
        getContent: () => this.text,
        save: (content, revision, info) => this.save(content, revision, info),
        conflictOf: (error) => {
          // As fileTextAutosave (mfe-dashboard/src/workspace/fileAutosaves.ts) reads a 409 of the content.
          const stale = staleText(error, 'content');
          if (!stale) return null;
          return { theirs: stale.text, base: stale.revision, saveId: stale.saveId, ...(stale.message ? { message: stale.message } : {}) };
        },
        onError: (error) => this.failed(error),
      });
      this.text = this.autosave.start(file.content, file.revision).content;
    });
  }

  /** The workspace's read of the open file (fileQuery: the same call). */
  private readFile() {
    return api.call('GET /files/{id}', { params: { id: this.fileId } });
  }

  /** fileTextAutosave's save of the content, with the ground truth kept around it. */
  private async save(content: string, revision: number | undefined, info: { keepalive: boolean; saveId: string }): Promise<number> {
    const edits = this.editsIn(content);
    const seenBefore = this.sentContents.has(edits);
    this.sentContents.add(edits);
    this.counts.sent += 1;
    const answer = await saveContent(this.fileId, content, revision, { saveId: info.saveId, keepalive: info.keepalive });
    this.counts.accepted += 1;
    // Accepted on another revision than its base: only right when the text was already exactly
    // this one (an earlier unanswered save of it landed); otherwise it replaced unseen text.
    if (revision === undefined || (answer.revision !== revision + 1 && !seenBefore)) this.counts.silentOverwrites += 1;
    this.acknowledged = Math.max(this.acknowledged, edits);
    return answer.revision;
  }

  private failed(error: unknown): void {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 409) {
      // The autosave takes a 409 naming its own save as "go on": it then saves again at once.
      const stale = staleText(error, 'content');
      const snapshot = this.autosave.getSnapshot();
      queueMicrotask(() => {
        if (this.autosave.getSnapshot().state === 'conflict' && snapshot.state !== 'conflict') this.counts.shownConflicts += 1;
        else if (stale) this.counts.ownConflicts += 1;
      });
    } else if (status === 0 || status === 408 || status === 429 || status >= 500) this.counts.retried += 1;
    else this.counts.refused += 1;
  }

  private type(): void {
    this.typed += 1;
    this.text += this.marker(this.typed);
    this.editsAtLength.set(this.text.length, this.typed);
    this.autosave.changed();
  }

  private async readRound(): Promise<void> {
    const other = OTHER_READS[(this.index + this.round) % OTHER_READS.length]!;
    this.round += 1;
    const ackedBefore = this.acknowledged;
    const reads: Promise<unknown>[] = [
      readLikeAQuery(() => api.call('GET /files')),
      readLikeAQuery(() => this.readFile()).then(({ file }) => {
        if (ackedBefore > 0 && !file.content.includes(this.marker(ackedBefore))) this.staleReads += 1;
      }),
      readLikeAQuery(() => (api.call as (key: ReadRouteKey) => Promise<unknown>)(other)),
    ];
    for (const result of await Promise.allSettled(reads)) if (result.status === 'rejected') this.failedReads += 1;
  }

  /** Types and reads until `stop()` says so. */
  run(stop: () => boolean, pace: Pace): Promise<void> {
    return asUser(this.identity, async () => {
      while (!stop()) {
        const burst = Math.round(between(...pace.burst));
        for (let i = 0; i < burst && !stop(); i += 1) {
          this.type();
          await sleep(between(...pace.keyGapMs));
        }
        await sleep(between(...pace.pauseMs));
        if (!stop()) await this.readRound();
      }
    });
  }

  /** The file's text as the server holds it now. */
  readBack(): Promise<string> {
    return asUser(this.identity, async () => (await readLikeAQuery(() => this.readFile())).file.content);
  }

  /**
   * The user stopped typing: the autosave sends what is unsaved (as on blur; a waiting retry is
   * sent at once, as when the browser comes back online) until it is saved or `deadline` passes.
   */
  finish(deadline: number): Promise<UserOutcome> {
    return asUser(this.identity, async () => {
      while (this.autosave.dirty && this.autosave.getSnapshot().state !== 'conflict' && Date.now() < deadline) {
        this.autosave.retryNow();
        if (!(await this.autosave.flush())) await sleep(1000);
      }
      const gaveUp = this.autosave.dirty;
      await this.autosave.dispose({ flush: false });
      return {
        index: this.index,
        fileId: this.fileId,
        typed: this.typed,
        acknowledged: this.acknowledged,
        saves: { ...this.counts },
        failedReads: this.failedReads,
        staleReads: this.staleReads,
        gaveUp,
        text: this.text,
      };
    });
  }
}
