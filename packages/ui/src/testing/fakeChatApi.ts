/**
 * A small in-memory fake of svc-chat's API at the fetch boundary, for component tests: the
 * components and @cc/client run for real, only `globalThis.fetch` is replaced.
 */
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import type { ChatMessage, ChatStatus } from '../chat/types';

// jsdom has no TextEncoder/TextDecoder (every browser does).
const g = globalThis as Record<string, unknown>;
g.TextEncoder ??= NodeTextEncoder;
g.TextDecoder ??= NodeTextDecoder;

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** An SSE body the test feeds event by event. */
export class ControlledStream {
  #chunks: Uint8Array[] = [];
  #waiting: ((r: ReadableStreamReadResult<Uint8Array>) => void) | null = null;
  #closed = false;
  cancelled = false;

  /** Raw text (may split an event anywhere). */
  pushRaw(text: string): void {
    const chunk = new NodeTextEncoder().encode(text);
    if (this.#waiting) {
      const resolve = this.#waiting;
      this.#waiting = null;
      resolve({ done: false, value: chunk });
    } else this.#chunks.push(chunk);
  }

  push(event: string, data: unknown): void {
    this.pushRaw(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  token(text: string): void {
    this.push('token', { text });
  }

  close(): void {
    this.#closed = true;
    if (this.#waiting) {
      const resolve = this.#waiting;
      this.#waiting = null;
      resolve({ done: true, value: undefined });
    }
  }

  reader() {
    return {
      read: (): Promise<ReadableStreamReadResult<Uint8Array>> => {
        const next = this.#chunks.shift();
        if (next) return Promise.resolve({ done: false, value: next });
        if (this.#closed || this.cancelled) return Promise.resolve({ done: true, value: undefined });
        return new Promise((resolve) => (this.#waiting = resolve));
      },
      cancel: async () => {
        this.cancelled = true;
      },
      releaseLock: () => undefined,
    };
  }
}

export type Reply =
  | { kind: 'json'; status?: number; body: unknown }
  | { kind: 'sse'; events: Array<[event: string, data: unknown]> }
  | { kind: 'stream'; stream: ControlledStream }
  | { kind: 'network' }
  | { kind: 'hold'; until: Promise<Reply> };

class FakeResponse {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  readonly body: { getReader(): ReturnType<ControlledStream['reader']> } | null;

  constructor(
    readonly status: number,
    private readonly payload: string,
    contentType: string,
    stream?: ControlledStream,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) };
    this.body = stream ? { getReader: () => stream.reader() } : null;
  }

  async text(): Promise<string> {
    return this.payload;
  }
}

const json = (status: number, body: unknown) => new FakeResponse(status, JSON.stringify(body), 'application/json; charset=utf-8');

export class FakeChatApi {
  readonly requests: SeenRequest[] = [];
  /** Server conversations by their query string, e.g. `folder=journal&file_name=2025-03-04.md`. */
  readonly conversations = new Map<string, ChatMessage[]>();
  status: ChatStatus = { success: true, provider: 'openai-compatible', model: 'test-model' };
  /** `GET /ai_chat/conversation` fails (network error) when set. */
  conversationFails = false;
  /** `GET /ai_chat/conversation` answers only once this settles (a slow sync); `conversationFails` is read then. */
  conversationHold: Promise<unknown> | null = null;
  clearFails = false;
  /** Answers for send_message, in order; when empty, a JSON echo. */
  readonly replies: Reply[] = [];
  #original: typeof fetch | undefined;

  sent(): SeenRequest[] {
    return this.requests.filter((r) => r.path === '/ai_chat/send_message');
  }

  install(): this {
    this.#original = globalThis.fetch;
    globalThis.fetch = this.fetch as unknown as typeof fetch;
    return this;
  }

  uninstall(): void {
    globalThis.fetch = this.#original as typeof fetch;
  }

  readonly fetch = async (input: string | URL, init: RequestInit = {}): Promise<FakeResponse> => {
    const url = new URL(String(input), 'http://app.test');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) headers[k.toLowerCase()] = v;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
    };
    this.requests.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    const { method, path } = request;
    if (method === 'GET' && path === '/ai_chat/status') return json(200, this.status);
    if (method === 'GET' && path === '/ai_chat/conversation') {
      if (this.conversationHold) await this.conversationHold;
      if (this.conversationFails) throw new TypeError('Failed to fetch');
      const messages = this.conversations.get(url.searchParams.toString()) ?? [];
      return json(200, { success: true, conversation_id: messages.length ? 1 : null, messages });
    }
    if (method === 'POST' && path === '/ai_chat/clear_conversation') {
      if (this.clearFails) return json(500, { success: false, error: 'boom' });
      return json(200, { success: true });
    }
    if (method === 'POST' && path === '/ai_chat/send_message') {
      let reply = this.replies.shift() ?? { kind: 'json', body: { success: true, message: `You said: ${String(body?.message)}` } };
      while (reply.kind === 'hold') reply = await reply.until;
      const wantsStream = (headers.accept ?? '').includes('text/event-stream');
      switch (reply.kind) {
        case 'network':
          throw new TypeError('Failed to fetch');
        case 'json':
          return json(reply.status ?? 200, reply.body);
        case 'sse': {
          if (!wantsStream) throw new Error('an SSE reply was queued but the request did not ask for a stream');
          const text = reply.events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
          return new FakeResponse(200, text, 'text/event-stream');
        }
        case 'stream':
          if (!wantsStream) throw new Error('a streamed reply was queued but the request did not ask for a stream');
          return new FakeResponse(200, '', 'text/event-stream', reply.stream);
      }
    }
    return json(404, { success: false, error: 'Not found' });
  };
}
