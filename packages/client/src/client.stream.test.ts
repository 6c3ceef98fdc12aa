import { describe, expect, it, jest } from '@jest/globals';
import { ApiError, createClient, isStreamed, NETWORK_ERROR_MESSAGE, type ServerEvent } from './index';

/** A fetch answering with `chunks` as a streamed body, one chunk per read; records what it was given. */
function streamingFetch(chunks: string[], init: ResponseInit = {}) {
  const encoder = new TextEncoder();
  let cancelled = false;
  const fetch = jest.fn<typeof globalThis.fetch>(async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(encoder.encode(next));
      },
      cancel() {
        cancelled = true;
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' }, ...init });
  });
  return { fetch, cancelled: () => cancelled };
}

function collect() {
  const events: ServerEvent[] = [];
  return { events, onEvent: (e: ServerEvent) => void events.push(e) };
}

const client = (fetch: typeof globalThis.fetch) => createClient({ fetch, csrfToken: () => 'token-123', onUnauthorized: () => undefined });

describe('keepalive', () => {
  it('passes keepalive to fetch, with the CSRF token and the JSON body', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>(
      async () => new Response('{"success":true,"revision":4}', { headers: { 'Content-Type': 'application/json' } }),
    );
    const answer = await client(fetch).patch<{ revision: number }>('/files/7', { file: { content: 'x' } }, { keepalive: true });
    expect(answer.revision).toBe(4);
    const init = fetch.mock.calls[0]![1]!;
    expect(init.keepalive).toBe(true);
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('token-123');
    expect(init.body).toBe('{"file":{"content":"x"}}');
  });

  it('is not set unless asked for', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>(
      async () => new Response('{"success":true}', { headers: { 'Content-Type': 'application/json' } }),
    );
    await client(fetch).post('/x', {});
    expect(fetch.mock.calls[0]![1]!.keepalive).toBeUndefined();
  });
});

describe('streamed answers (onEvent)', () => {
  it('asks for an event stream and hands each event over as it arrives', async () => {
    const { fetch } = streamingFetch(['event: token\ndata: {"text":"Hi"}\n\n', 'event: done\ndata: {"success":true,"message":"Hi"}\n\n']);
    const { events, onEvent } = collect();
    const answer = await client(fetch).post('/ai_chat/send_message', { message: 'x' }, { onEvent });
    expect(isStreamed(answer)).toBe(true);
    expect(answer).toEqual({ streamed: true, completed: false });
    expect(events).toEqual([
      { event: 'token', data: '{"text":"Hi"}' },
      { event: 'done', data: '{"success":true,"message":"Hi"}' },
    ]);
    const headers = fetch.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Accept).toBe('text/event-stream');
    expect(headers['X-CSRF-Token']).toBe('token-123');
  });

  it('puts together events split anywhere across chunks, CRLF line ends and multi-byte characters included', async () => {
    const text = 'event: token\r\ndata: {"text":"é"}\r\n\r\nevent: done\r\ndata: {}\r\n\r\n';
    const bytes = new TextEncoder().encode(text);
    // One byte per read: "é" (two bytes) and every CRLF are split between reads.
    let i = 0;
    const fetch = jest.fn<typeof globalThis.fetch>(async () => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (i >= bytes.length) controller.close();
          else controller.enqueue(bytes.slice(i, ++i));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    });
    const { events, onEvent } = collect();
    await client(fetch).post('/s', {}, { onEvent });
    expect(events).toEqual([
      { event: 'token', data: '{"text":"é"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('joins data lines, skips comments and names an unnamed event "message"', async () => {
    const { fetch } = streamingFetch([': keep-alive\n\n', 'data: a\nda', 'ta: b\n\n']);
    const { events, onEvent } = collect();
    await client(fetch).post('/s', {}, { onEvent });
    expect(events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('keeps a last event that has no blank line after it', async () => {
    const { fetch } = streamingFetch(['event: done\ndata: {}']);
    const { events, onEvent } = collect();
    await client(fetch).post('/s', {}, { onEvent });
    expect(events).toEqual([{ event: 'done', data: '{}' }]);
  });

  it('stops reading and cancels the stream when the handler says it is done', async () => {
    const stream = streamingFetch(['event: done\ndata: {}\n\n', 'event: token\ndata: {"text":"late"}\n\n']);
    const seen: string[] = [];
    const answer = await client(stream.fetch).post('/s', {}, { onEvent: (e) => (seen.push(e.event), e.event === 'done') });
    expect(answer).toEqual({ streamed: true, completed: true });
    expect(seen).toEqual(['done']);
    expect(stream.cancelled()).toBe(true);
  });

  it("rejects with the handler's own error", async () => {
    const { fetch } = streamingFetch(['event: error\ndata: {"error":"Model down"}\n\n']);
    const error = await client(fetch)
      .post(
        '/s',
        {},
        {
          onEvent: (e) => {
            throw new ApiError(200, [JSON.parse(e.data).error as string]);
          },
        },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Model down');
  });

  it('reports a stream that breaks off as a network failure', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>(async () => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) controller.error(new TypeError('network error'));
          else controller.enqueue(new TextEncoder().encode('event: token\ndata: {"text":"a"}\n\n'));
          sent = true;
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    });
    const { events, onEvent } = collect();
    const error = (await client(fetch)
      .post('/s', {}, { onEvent })
      .catch((e: unknown) => e)) as ApiError;
    expect(events).toHaveLength(1);
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('reads a JSON answer as usual when the server does not stream', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>(
      async () => new Response('{"success":true,"message":"Hello"}', { headers: { 'Content-Type': 'application/json' } }),
    );
    const { events, onEvent } = collect();
    const answer = await client(fetch).post<{ message: string }>('/s', {}, { onEvent });
    expect(isStreamed(answer)).toBe(false);
    expect(answer.message).toBe('Hello');
    expect(events).toEqual([]);
  });

  it('reads a body that cannot be streamed all at once', async () => {
    const response = {
      ok: true,
      status: 200,
      headers: new Headers({ 'Content-Type': 'text/event-stream' }),
      body: null,
      text: async () => 'event: token\ndata: {"text":"a"}\n\nevent: done\ndata: {}\n\n',
    } as unknown as Response;
    const { events, onEvent } = collect();
    await client(jest.fn<typeof globalThis.fetch>(async () => response)).post('/s', {}, { onEvent });
    expect(events.map((e) => e.event)).toEqual(['token', 'done']);
  });
});
