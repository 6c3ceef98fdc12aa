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
}

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
    const full: FakeFile = { name: 'Notes.md', folder: 'work-profile', description: '', content: '', summary: '', goals: '', revision: 1, ...file };
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
    return this.requests.filter((r) => r.method !== 'GET' && (path === undefined || (typeof path === 'string' ? r.path === path : path.test(r.path))));
  }

  answerDraft(draft: string): void {
    this.held.shift()?.resolve({ success: true, draft });
  }

  readonly fetch = async (input: string | URL, init: RequestInit = {}): Promise<unknown> => {
    const url = new URL(String(input), 'http://app.test');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) headers[k.toLowerCase()] = v;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const method = init.method ?? 'GET';
    const path = url.pathname;
    const request: WorkspaceRequest = { method, path, query: Object.fromEntries(url.searchParams), headers, body, keepalive: init.keepalive === true };

    if (path.startsWith('/ai_chat/') && path !== '/ai_chat/suggest_edits') return this.chat.fetch(input, init);
    this.requests.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    if (path === '/auth/session') return new Answer(200, { success: true, user: { id: 42, email: 'a@b.c', is_admin: false }, csrf_token: 't' });
    if (path === '/ai_chat/suggest_edits') {
      const next = this.suggestions.shift();
      if (next === undefined) return new Answer(502, { success: false, error: 'The AI coach is not available right now.', errors: ['The AI coach is not available right now.'] });
      return new Answer(200, next);
    }

    if (this.filesDown && (path.startsWith('/files') || path.startsWith('/journal') || path.startsWith('/profile'))) throw new TypeError('Failed to fetch');

    const fileMatch = /^\/files\/(\d+)(\/summary|\/goals)?$/.exec(path);
    if (fileMatch) {
      const file = this.files.get(Number(fileMatch[1]));
      if (!file) return new Answer(404, { success: false, errors: ['File not found.'] });
      if (method === 'GET' && !fileMatch[2]) return new Answer(200, { success: true, file: { ...file, position: 0, updated_at: '2026-01-01T00:00:00.000Z' } });
      if (method === 'PATCH' && fileMatch[2] === '/summary') {
        file.summary = String(body?.summary ?? '');
        return new Answer(200, { success: true });
      }
      if (method === 'PATCH' && fileMatch[2] === '/goals') {
        file.goals = String(body?.goals ?? '');
        return new Answer(200, { success: true });
      }
      if (method === 'PATCH') {
        const sent = (body?.file ?? {}) as { content?: string; revision?: number };
        const content = String(sent.content ?? '');
        const revision = sent.revision ?? (body?.revision as number | undefined);
        if (revision !== undefined && revision !== file.revision && content !== file.content) {
          return new Answer(409, {
            success: false,
            errors: ['This file was changed elsewhere (another tab or device).'],
            current: { content: file.content, revision: file.revision },
          });
        }
        if (content !== file.content) {
          file.content = content;
          file.revision += 1;
        }
        return new Answer(200, { success: true, errors: [], revision: file.revision });
      }
    }
    if (method === 'POST' && path === '/files/summarize') {
      const summary = this.summaries.shift() ?? 'A short summary.';
      const file = this.files.get(Number(body?.file_id));
      if (file) file.summary = summary;
      return new Answer(200, { success: true, summary });
    }
    if (method === 'POST' && path === '/profile/generate_file_draft') {
      if (this.holdDrafts) {
        const held = new Promise<unknown>((resolve, reject) => this.held.push({ resolve, reject }));
        return abortable(init.signal, held.then((payload) => new Answer(200, payload)));
      }
      return new Answer(200, { success: true, draft: this.drafts.shift() ?? '# Draft\n\nWritten by the AI.' });
    }

    if (method === 'GET' && path === '/journal') {
      const entries = [...this.journal].filter(([, c]) => c.trim()).map(([date]) => ({ date })).sort((a, b) => a.date.localeCompare(b.date));
      return new Answer(200, { success: true, entries });
    }
    const journalMatch = /^\/journal\/(\d{4}-\d{2}-\d{2})(\/save)?$/.exec(path);
    if (journalMatch) {
      const date = journalMatch[1]!;
      if (method === 'GET' && !journalMatch[2]) return new Answer(200, { success: true, entry: { date, content: this.journal.get(date) ?? '' } });
      if (method === 'POST' && journalMatch[2]) {
        this.journal.set(date, String(body?.content ?? ''));
        return new Answer(200, { success: true, entry: { date, content: this.journal.get(date) } });
      }
    }
    return new Answer(404, { success: false, errors: ['Not found'] });
  };
}
