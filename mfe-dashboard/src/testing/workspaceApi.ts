/**
 * The fetch boundary of the workspace and journal component tests: svc-files answered by the
 * test's data handlers through the route table (`installContractApi`: what the page sends and
 * what the test answers are both checked against the contract), svc-chat's conversation calls
 * by @cc/ui's chat fake, and the faults a test puts in between (an outage, a refused save, a
 * save whose answer is lost). The components, @cc/client and @cc/ui run for real.
 */
import { installContractApi, type ContractRoutes } from '@cc/ui/testing/contract-api';
import { FakeChatApi } from '../../../packages/ui/src/testing/fakeChatApi';

/** A text the user types, as svc-files keeps it: a revision per change and the save that wrote it. */
export interface GuardedText {
  text: string;
  revision: number;
  saveId?: string | undefined;
}

/**
 * svc-files's guard (docs/api.md#stale-saves): with a revision, the save happens only when the
 * text is still at it (or already holds exactly this text); every change adds one to the
 * revision and keeps the save's id.
 */
export function guardedSave(current: GuardedText, text: string, guard: { revision?: number; save_id?: string }): GuardedText | 'stale' {
  if (guard.revision !== undefined && guard.revision !== current.revision && text !== current.text) return 'stale';
  if (text === current.text) return current;
  return { text, revision: current.revision + 1, saveId: guard.save_id };
}

/** The 409 of a stale save: what the text holds now, under `key`. */
export const staleAnswer = (key: string, message: string, current: GuardedText) => ({
  status: 409,
  body: {
    success: false,
    errors: [message],
    current: { [key]: current.text, revision: current.revision, ...(current.saveId ? { save_id: current.saveId } : {}) },
  },
});

export interface SeenRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  keepalive: boolean;
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/** Like a browser's fetch, an aborted request rejects at once, whatever the server does. */
function abortable<T>(signal: AbortSignal | null | undefined, answer: Promise<T>): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(abortError()), { once: true });
    answer.then(resolve, reject);
  });
}

const CHAT = /^\/ai_chat\/(?!suggest_edits$)/;
const SVC_FILES = /^\/(files|journal|profile)(\/|$)/;

export class WorkspaceApi {
  readonly chat = new FakeChatApi();
  /** Every request to svc-files and suggest_edits, in order. */
  readonly requests: SeenRequest[] = [];
  /**
   * The next write to a path matching this is committed, but its answer is lost (a 502 from the
   * gateway, or a dropped connection with 'network').
   */
  loseAnswer: { path: RegExp; as: 502 | 'network' } | null = null;
  /** Writes to matching paths are refused with 422 and this message (text the server does not accept). */
  refuse: { path: RegExp; message: string } | null = null;
  /** svc-files unreachable (network error) while set. */
  filesDown = false;
  #contract: ReturnType<typeof installContractApi> | null = null;
  #original: typeof fetch | undefined;
  #served: typeof fetch | undefined;

  /** Answers svc-files with `routes` (the contract's calls, the test's data). */
  install(routes: ContractRoutes): this {
    this.#original = globalThis.fetch;
    this.#contract = installContractApi(routes);
    this.#served = globalThis.fetch;
    globalThis.fetch = this.fetch as unknown as typeof fetch;
    return this;
  }

  /** Fails the test when the page sent, or a handler answered, what the contract refuses. */
  uninstall(): void {
    globalThis.fetch = this.#original as typeof fetch;
    this.#contract?.assertNoViolations();
  }

  /** Writes (requests other than GET), to `path` when given. */
  writes(path?: string | RegExp): SeenRequest[] {
    return this.requests.filter(
      (r) => r.method !== 'GET' && (path === undefined || (typeof path === 'string' ? r.path === path : path.test(r.path))),
    );
  }

  readonly fetch = (input: string | URL, init: RequestInit = {}): Promise<unknown> => {
    const path = new URL(String(input), 'http://app.test').pathname;
    if (CHAT.test(path)) return this.chat.fetch(input, init);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    this.requests.push({ method, path, body, keepalive: init.keepalive === true });
    return abortable(init.signal, this.#answer(method, path, input, init));
  };

  async #answer(method: string, path: string, input: string | URL, init: RequestInit): Promise<unknown> {
    if (this.filesDown && SVC_FILES.test(path)) throw new TypeError('Failed to fetch');
    const write = method !== 'GET';
    if (write && this.refuse?.path.test(path)) {
      const text = JSON.stringify({ success: false, errors: [this.refuse.message] });
      return { ok: false, status: 422, headers: new Headers({ 'content-type': 'application/json' }), text: async () => text };
    }
    const lose = write && this.loseAnswer?.path.test(path) ? this.loseAnswer : null;
    if (lose) this.loseAnswer = null;
    const answer = await this.#served!(input, { ...init, signal: null });
    if (!lose) return answer;
    // Committed above; the answer never reaches the page.
    if (lose.as === 'network') throw new TypeError('Failed to fetch');
    const text = JSON.stringify({ success: false, errors: ['Bad Gateway'] });
    return { ok: false, status: 502, headers: new Headers({ 'content-type': 'application/json' }), text: async () => text };
  }
}
