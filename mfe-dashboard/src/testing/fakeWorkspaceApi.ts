/**
 * In-memory fakes of svc-files (files, summaries, drafts, journal) and svc-chat at the fetch
 * boundary, for the workspace and journal component tests: the components, @cc/client and
 * @cc/ui run for real, only `globalThis.fetch` is replaced.
 */
import { FakeChatApi, type SeenRequest } from '../../../packages/ui/src/testing/fakeChatApi';

export interface FakeFile {
  id: number;
  name: string;
  folder: string;
  description: string;
  content: string;
  summary: string;
  goals: string;
  revision: number;
  summary_revision: number;
  goals_revision: number;
  /** The save id that wrote each text (svc-files names it in a 409). */
  save_ids: { content?: string; summary?: string; goals?: string };
}

/** A text the fake guards like svc-files: a revision per change, 409 when stale, the writing save's id. */
interface Guarded {
  text: string;
  revision: number;
  saveId?: string;
}

/**
 * svc-files's rule: with a revision the save happens only when the text is still at it (or
 * already holds exactly this text); every change adds one and keeps the save's id.
 */
function guardedSave(current: Guarded, text: string, body: Record<string, unknown> | undefined): Guarded | 'stale' {
  const revision = body?.revision as number | undefined;
  if (revision !== undefined && revision !== current.revision && text !== current.text) return 'stale';
  if (text === current.text) return current;
  return { text, revision: current.revision + 1, saveId: typeof body?.save_id === 'string' ? body.save_id : undefined };
}

const staleAnswer = (key: string, message: string, current: Guarded) =>
  new Answer(409, {
    success: false,
    errors: [message],
    current: { [key]: current.text, revision: current.revision, ...(current.saveId ? { save_id: current.saveId } : {}) },
  });

export interface WorkspaceRequest extends SeenRequest {
  keepalive: boolean;
}

class Answer {
  readonly ok: boolean;
  readonly headers = { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) };
  readonly body = null;
  constructor(
    readonly status: number,
    private readonly payload: unknown,
  ) {
    this.ok = status >= 200 && status < 300;
  }
  async text() {
    return JSON.stringify(this.payload);
  }
  async json() {
    return this.payload;
  }
}

type Held = { resolve: (answer: unknown) => void; reject: (error: unknown) => void };

function abortable<T>(signal: AbortSignal | null | undefined, promise: Promise<T>): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(new DOMException('The operation was aborted.', 'AbortError'));
    signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    promise.then(resolve, reject);
  });
}

export class FakeWorkspaceApi {
  readonly chat = new FakeChatApi();
  readonly files = new Map<number, FakeFile>();
  readonly journal = new Map<string, string>();
  /** The journal entries' revisions and save ids (an entry without one here is at revision 1). */
  readonly journalMeta = new Map<string, { revision: number; saveId?: string }>();
  /**
   * The next write to a path matching this is committed, but its answer is lost (the fetch
   * fails as a 502 from the gateway, or a dropped connection with 'network').
   */
  loseAnswer: { path: RegExp; as: 502 | 'network' } | null = null;
  /** Writes to matching paths are refused with 422 and this message (text the server does not accept). */
  refuse: { path: RegExp; message: string } | null = null;
  readonly requests: WorkspaceRequest[] = [];
  /** svc-files unreachable (network error) while set. */
  filesDown = false;
  /** Answers of POST /ai_chat/suggest_edits, in order. */
  readonly suggestions: unknown[] = [];
  /** POST /profile/generate_file_draft waits for the test when true (`answerDraft`). */
  holdDrafts = false;
  drafts: string[] = [];
  summaries: string[] = [];
  private held: Held[] = [];
  private original: typeof fetch | undefined;

  addFile(file: Partial<FakeFile> & { id: number }): FakeFile {
    const full: FakeFile = {
      name: 'Notes.md',
      folder: 'work-profile',
      description: '',
      content: '',
      summary: '',
      goals: '',
      revision: 1,
      summary_revision: 1,
      goals_revision: 1,
      save_ids: {},
      ...file,
    };
    this.files.set(full.id, full);
    return full;
  }

  install(): this {
    this.original = globalThis.fetch;
    globalThis.fetch = this.fetch as unknown as typeof fetch;
    return this;
  }

  uninstall(): void {
    globalThis.fetch = this.original as typeof fetch;
  }

  /** Requests other than the chat's start-up calls. */
  writes(path?: string | RegExp): WorkspaceRequest[] {
    return this.requests.filter(
      (r) => r.method !== 'GET' && (path === undefined || (typeof path === 'string' ? r.path === path : path.test(r.path))),
    );
  }

  answerDraft(draft: string): void {
    this.held.shift()?.resolve({ success: true, draft });
  }

  readonly fetch = async (input: string | URL, init: RequestInit = {}): Promise<unknown> => {
    const method = init.method ?? 'GET';
    const path = new URL(String(input), 'http://app.test').pathname;
    if (method !== 'GET' && this.refuse?.path.test(path)) {
      this.requests.push({
        method,
        path,
        query: {},
        headers: {},
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        keepalive: init.keepalive === true,
      });
      return new Answer(422, { success: false, errors: [this.refuse.message] });
    }
    const lose = method !== 'GET' && this.loseAnswer?.path.test(path) ? this.loseAnswer : null;
    if (lose) this.loseAnswer = null;
    const answer = await this.answer(input, init);
    if (!lose) return answer;
    // Committed above; the answer never reaches the page.
    if (lose.as === 'network') throw new TypeError('Failed to fetch');
    return new Answer(502, { success: false, errors: ['Bad Gateway'] });
  };

  private readonly answer = async (input: string | URL, init: RequestInit = {}): Promise<unknown> => {
    const url = new URL(String(input), 'http://app.test');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) headers[k.toLowerCase()] = v;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const method = init.method ?? 'GET';
    const path = url.pathname;
    const request: WorkspaceRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
      keepalive: init.keepalive === true,
    };

    if (path.startsWith('/ai_chat/') && path !== '/ai_chat/suggest_edits') return this.chat.fetch(input, init);
    this.requests.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    if (path === '/auth/session')
      return new Answer(200, { success: true, user: { id: 42, email: 'a@b.c', is_admin: false }, csrf_token: 't' });
    if (path === '/ai_chat/suggest_edits') {
      const next = this.suggestions.shift();
      if (next === undefined)
        return new Answer(502, {
          success: false,
          error: 'The AI coach is not available right now.',
          errors: ['The AI coach is not available right now.'],
        });
      return new Answer(200, next);
    }

    if (this.filesDown && (path.startsWith('/files') || path.startsWith('/journal') || path.startsWith('/profile')))
      throw new TypeError('Failed to fetch');

    const fileMatch = /^\/files\/(\d+)(\/summary|\/goals)?$/.exec(path);
    if (fileMatch) {
      const file = this.files.get(Number(fileMatch[1]));
      if (!file) return new Answer(404, { success: false, errors: ['File not found.'] });
      if (method === 'GET' && !fileMatch[2])
        return new Answer(200, { success: true, file: { ...file, position: 0, updated_at: '2026-01-01T00:00:00.000Z' } });
      if (method === 'PATCH' && fileMatch[2]) {
        const key = fileMatch[2] === '/summary' ? 'summary' : 'goals';
        const current: Guarded = { text: file[key], revision: file[`${key}_revision`], saveId: file.save_ids[key] };
        const next = guardedSave(current, String(body?.[key] ?? ''), body);
        if (next === 'stale') return staleAnswer(key, `The ${key} of this file changed elsewhere (another tab or device).`, current);
        file[key] = next.text;
        file[`${key}_revision`] = next.revision;
        file.save_ids[key] = next.saveId;
        return new Answer(200, { success: true, revision: next.revision });
      }
      if (method === 'PATCH') {
        const sent = (body?.file ?? {}) as { content?: string; revision?: number; save_id?: string };
        const current: Guarded = { text: file.content, revision: file.revision, saveId: file.save_ids.content };
        const next = guardedSave(current, String(sent.content ?? ''), { revision: sent.revision ?? body?.revision, save_id: sent.save_id });
        if (next === 'stale') return staleAnswer('content', 'This file was changed elsewhere (another tab or device).', current);
        file.content = next.text;
        file.revision = next.revision;
        file.save_ids.content = next.saveId;
        return new Answer(200, { success: true, errors: [], revision: file.revision });
      }
    }
    if (method === 'POST' && path === '/files/summarize') {
      const summary = this.summaries.shift() ?? 'A short summary.';
      const file = this.files.get(Number(body?.file_id));
      if (file && file.summary !== summary) {
        file.summary = summary;
        file.summary_revision += 1;
        file.save_ids.summary = undefined;
      }
      return new Answer(200, { success: true, summary, ...(file ? { summary_revision: file.summary_revision } : {}) });
    }
    if (method === 'POST' && path === '/profile/generate_file_draft') {
      if (this.holdDrafts) {
        const held = new Promise<unknown>((resolve, reject) => this.held.push({ resolve, reject }));
        return abortable(
          init.signal,
          held.then((payload) => new Answer(200, payload)),
        );
      }
      return new Answer(200, { success: true, draft: this.drafts.shift() ?? '# Draft\n\nWritten by the AI.' });
    }

    if (method === 'GET' && path === '/journal') {
      const entries = [...this.journal]
        .filter(([, c]) => c.trim())
        .map(([date]) => ({ date }))
        .sort((a, b) => a.date.localeCompare(b.date));
      return new Answer(200, { success: true, entries });
    }
    const journalMatch = /^\/journal\/(\d{4}-\d{2}-\d{2})(\/save)?$/.exec(path);
    if (journalMatch) {
      const date = journalMatch[1]!;
      const meta = this.journalMeta.get(date) ?? { revision: this.journal.has(date) ? 1 : 0 };
      const current: Guarded = { text: this.journal.get(date) ?? '', revision: meta.revision, saveId: meta.saveId };
      if (method === 'GET' && !journalMatch[2])
        return new Answer(200, { success: true, entry: { date, content: current.text, revision: current.revision } });
      if (method === 'POST' && journalMatch[2]) {
        const text = String(body?.content ?? '');
        // A first save creates the entry (revision 1), even of the same empty text.
        const next = this.journal.has(date)
          ? guardedSave(current, text, body)
          : { text, revision: 1, saveId: body?.save_id as string | undefined };
        if (next === 'stale') return staleAnswer('content', 'This journal entry was changed elsewhere (another tab or device).', current);
        this.journal.set(date, next.text);
        this.journalMeta.set(date, { revision: next.revision, saveId: next.saveId });
        return new Answer(200, { success: true, entry: { date, content: next.text, revision: next.revision } });
      }
    }
    return new Answer(404, { success: false, errors: ['Not found'] });
  };
}
