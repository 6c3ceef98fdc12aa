import { jest } from '@jest/globals';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Simulate a network failure. */
  network?: boolean;
}
export type FakeHandler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | undefined;

/**
 * Replaces `fetch` (which @cc/client calls at request time) with a handler; every request is
 * recorded. Unhandled requests answer 404.
 */
export function installFakeApi(handler: FakeHandler) {
  const calls: FakeRequest[] = [];
  const fetchMock = jest.fn(async (input: unknown, init?: { method?: string; body?: unknown }) => {
    const url = new URL(String(input), 'http://localhost');
    const req: FakeRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(req);
    const answer = (await handler(req)) ?? { status: 404, body: { success: false, errors: ['Not found'] } };
    if (answer.network) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: status >= 200 && status < 300, status, text: async () => text };
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return {
    calls,
    fetchMock,
    find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
