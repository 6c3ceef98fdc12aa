/** Shared helpers of svc-chat's tests (not a test file itself). */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SESSION_COOKIE } from '@cc/contracts';
import { csrfTokenFor, signSession, type Db } from '@cc/service-kit';
import { freshDatabase, startTestService, TEST_SECRET, TestClient, type RunningService, type TestDatabase } from '@cc/service-kit/testing';
import { createAiProvider, type AiProvider, type ChatReplyInput } from '@cc/ai';
import { chatService } from './service';
import { T } from './conversations';

export interface ChatHarness {
  database: TestDatabase;
  svc: RunningService;
  /** A browser-like client signed in as user `uid` (sessions signed as svc-identity would). */
  as(uid: number): TestClient;
  close(): Promise<void>;
}

export function signedClient(url: string, uid: number): TestClient {
  const client = new TestClient(url);
  const sid = `sid-${uid}-${Math.random().toString(36).slice(2)}`;
  client.cookie = signSession(TEST_SECRET, { sid, uid, adm: false, iat: Math.floor(Date.now() / 1000) });
  client.csrf = csrfTokenFor(TEST_SECRET, sid);
  return client;
}

export async function startChat(
  /** The model (default: from `env`'s AI_* settings, the offline coach without them). */
  options: { provider?: AiProvider } = {},
  env: Record<string, string> = {},
  database?: TestDatabase,
): Promise<ChatHarness> {
  const db = database ?? (await freshDatabase());
  const svc = await startTestService(chatService, db.db, { env, ...(options.provider ? { aiProvider: options.provider } : {}) });
  return {
    database: db,
    svc,
    as: (uid) => signedClient(svc.url, uid),
    async close() {
      await svc.close();
      if (!database) await db.drop();
    },
  };
}

/** Every stored message of a user, oldest first, with the conversation key. */
export async function storedMessages(db: Db, userId?: number): Promise<{ key: string; role: string; content: string }[]> {
  const q = db(`${T.messages} as m`)
    .join(`${T.conversations} as c`, 'c.id', 'm.conversation_id')
    .orderBy('m.id')
    .select('c.key', 'm.role', 'm.content');
  if (userId !== undefined) q.where('c.user_id', userId);
  return q;
}

export interface SseEvent {
  event: string;
  data: any;
  /** ms since the request was sent */
  at: number;
}

/** POSTs with Accept: text/event-stream and reads the events as they arrive. */
export async function postEventStream(
  client: TestClient,
  path: string,
  body: unknown,
  opts: { signal?: AbortSignal; onEvent?: (e: SseEvent) => void } = {},
) {
  const started = performance.now();
  const res = await fetch(client.baseUrl + path, {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      cookie: `${SESSION_COOKIE}=${client.cookie}`,
      'x-csrf-token': client.csrf!,
    },
    body: JSON.stringify(body),
    signal: opts.signal,
  });
  const events: SseEvent[] = [];
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return { res, events, json: await res.json() };
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      const e = { event, data, at: performance.now() - started };
      events.push(e);
      opts.onEvent?.(e);
    }
  }
  return { res, events, json: undefined };
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A stand-in svc-people: records each request and answers with `respond`. */
export async function startFakePeople(respond: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    respond(req, res);
  });
  return { url: await listen(server), requests, close: () => closeServer(server) };
}

export interface PeerAnswer {
  status: number;
  body: unknown;
  delayMs?: number;
}

/**
 * A stand-in service answering by path and query (`/people/4/meetings?limit=10`); an unlisted
 * path answers 404. `answers` is read on each request, so a test may change it between calls.
 */
export async function startFakePeer(answers: () => Record<string, PeerAnswer>) {
  return startFakePeople((req, res) => {
    const answer = answers()[req.url ?? ''] ?? { status: 404, body: { success: false, errors: ['Not found'] } };
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
}

/** The offline coach, keeping every chat reply's input (what the coach was handed). */
export function recordingProvider(): { provider: AiProvider; inputs: ChatReplyInput[] } {
  const inputs: ChatReplyInput[] = [];
  const coach = createAiProvider({});
  const provider = new Proxy(coach, {
    get(target, prop, receiver) {
      if (prop === 'chatReply' || prop === 'chatReplyStream') {
        return (input: ChatReplyInput) => {
          inputs.push(input);
          return target[prop](input);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { provider, inputs };
}

/**
 * A TCP relay in front of the OpenAI test server, so a test can see when svc-chat closes its
 * connection to the model (the test server itself does not report it).
 */
export async function startRelay(targetBaseURL: string) {
  const target = new URL(targetBaseURL);
  const sockets = new Set<Socket>();
  let closedByClient = 0;
  let abortedMidStream = 0;
  const server = createTcpServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    let upstreamClosed = false;
    // Whether an SSE answer is under way on this connection (seen its headers, not its [DONE]).
    let midStream = false;
    upstream.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (text.includes('text/event-stream')) midStream = true;
      if (text.includes('data: [DONE]')) midStream = false;
    });
    client.on('close', () => {
      if (!upstreamClosed) {
        closedByClient += 1;
        if (midStream) abortedMidStream += 1;
      }
      upstream.destroy();
    });
    upstream.on('close', () => {
      upstreamClosed = true;
      client.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}${target.pathname}`,
    /** Connections svc-chat closed itself. */
    get closedByClient() {
      return closedByClient;
    },
    /** ...of which while a streamed answer was still coming. */
    get abortedMidStream() {
      return abortedMidStream;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it is true or `timeoutMs` passes. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(20);
  }
  return check();
}
