import { jest } from '@jest/globals';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** A network failure. */
  network?: boolean;
}
/** What the fake answers: as much of a Response as @cc/client reads (a test may answer less by hand). */
export interface FakeResponse {
  ok: boolean;
  status: number;
  text(): Promise<string>;
  headers?: Headers;
  json?(): Promise<unknown>;
}
export type FakeHandler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer | undefined> | undefined;

/**
 * `fetch` replaced by a handler (what @cc/client calls at request time); every request is
 * recorded; an unhandled one answers 404. The chat's status and conversation calls answer as an
 * empty, reachable chat unless the handler says otherwise.
 */
export function installFakeApi(handler: FakeHandler) {
  const calls: FakeRequest[] = [];
  const original = globalThis.fetch;
  const fetchMock = jest.fn(async (input: unknown, init?: { method?: string; body?: unknown }): Promise<FakeResponse> => {
    const url = new URL(String(input), 'http://localhost');
    const req: FakeRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    };
    calls.push(req);
    let answer = await handler(req);
    if (!answer && req.path === '/ai_chat/status') answer = { body: { success: true, provider: 'offline', model: 'offline' } };
    if (!answer && req.path === '/ai_chat/conversation') answer = { body: { success: true, conversation_id: null, messages: [] } };
    answer ??= { status: 404, body: { success: false, errors: ['Not found'] } };
    if (answer.network) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    };
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return {
    calls,
    /** The jest mock itself: `mockImplementationOnce` answers one request by hand (a raw 500, a delay). */
    fetchMock,
    find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    uninstall: () => {
      globalThis.fetch = original;
    },
  };
}
