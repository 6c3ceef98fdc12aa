import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { CSRF_HEADER, SESSION_COOKIE, STATUS_MESSAGES } from '@cc/contracts';
import Koa from 'koa';
import { defineService } from './app';
import { jsonBody } from './body';
import { errorMiddleware } from './errors';
import { createLogger } from './logger';
import { csrfTokenFor, signSession } from './session';
import { freshDatabase, refused, startTestService, TEST_SECRET, type RunningService, type TestDatabase } from './testing';

/**
 * Bodies a client stops sending, or that were read already: a client error (400) or nothing
 * (nobody is left to answer), never a 500, a request that never ends, or a stopped process.
 * A real server, and raw sockets to leave a body half sent.
 */
const deleted: string[] = [];
const probe = defineService({
  name: 'files',
  migrations: [],
  routes(router) {
    router.patch('/folders/reorder', {}, () => ({ success: true }) as never);
    // A route that reads its own JSON body, with a limit of its own (RouteSpec.bodyLimit).
    router.post('/folders', { bodyLimit: '1kb' }, (_ctx, { body }) => ({ success: true, body }) as never);
    router.delete('/folders/{folderName}', {}, (_ctx, { params }) => {
      deleted.push(params.folderName);
      return { success: true } as never;
    });
    router.post(
      '/files/import',
      { upload: { maxBytes: 1024 * 1024 } },
      async (_ctx, { file }) => ({ success: true, size: file!.size }) as never,
    );
  },
});

type Line = { level: number; msg: string; status?: number; method?: string; err?: { type?: string; message?: string } };
const lines: Line[] = [];
const logDestination = { write: (line: string) => void lines.push(JSON.parse(line) as Line) };

/** Holds every session check until `release` (a write asks identity first): the window a reload falls in. */
let hold: Promise<void> | undefined;
let release = () => {};
let checking = () => {};
let checkStarted: Promise<void> = Promise.resolve();
function holdSessionChecks() {
  hold = new Promise<void>((resolve) => (release = resolve));
  checkStarted = new Promise<void>((resolve) => (checking = resolve));
}

let database: TestDatabase;
let svc: RunningService;
let port = 0;
const cookie = signSession(TEST_SECRET, { sid: 'sid-1', uid: 7, adm: false, iat: Math.floor(Date.now() / 1000) });
const csrf = csrfTokenFor(TEST_SECRET, 'sid-1');

beforeAll(async () => {
  database = await freshDatabase();
  svc = await startTestService(probe, database.db, {
    checkAnswers: false,
    logger: createLogger('files', 'debug', logDestination),
    sessionCheck: async () => {
      checking();
      await hold;
      return true;
    },
  });
  port = Number(new URL(svc.url).port);
});
afterAll(async () => {
  release();
  await svc?.close();
  await database?.drop();
});
beforeEach(() => {
  lines.length = 0;
  hold = undefined;
});

function head(method: string, path: string, headers: Record<string, string | number>): string {
  const all = { host: `127.0.0.1:${port}`, cookie: `${SESSION_COOKIE}=${cookie}`, [CSRF_HEADER]: csrf, ...headers };
  return `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
}

async function open(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return socket;
}

/** Sends the head and the start of a body, then hangs up (after `before`, e.g. once the server is busy with it). */
async function abandon(start: string | Buffer, before: () => Promise<unknown> = () => new Promise((r) => setTimeout(r, 50))) {
  const socket = await open();
  socket.write(start);
  await before();
  socket.destroy();
}

/** The access-log line of the request, once it ended (a request that never ends fails here). */
async function finished(method: string): Promise<Line> {
  const until = Date.now() + 5000;
  for (;;) {
    const line = lines.find((l) => l.msg === 'request' && l.method === method);
    if (line) return line;
    if (Date.now() > until) throw new Error(`the ${method} never ended; log: ${JSON.stringify(lines)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** No line at error level or above: a client leaving is not a fault of the service. */
const faults = () => lines.filter((l) => l.level >= 50);

async function stillServing() {
  const res = await fetch(`${svc.url}/healthz`);
  expect(res.status).toBe(200);
}

const json = (body: string) => ({ 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
/** POST /folders as a browser sends it, on `path` (the router also takes `/folders/` and `/FOLDERS`). */
async function postFolder(path: string, body: string) {
  const res = await fetch(`${svc.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie: `${SESSION_COOKIE}=${cookie}`, [CSRF_HEADER]: csrf },
    body,
  });
  return { path, status: res.status, body: (await res.json()) as unknown };
}

const reorder = JSON.stringify({ order: ['a', 'b', 'c'] });

describe('a JSON body the client stopped sending', () => {
  test('cut mid-body: 400, no fault logged', async () => {
    await abandon(head('PATCH', '/folders/reorder', json(reorder)) + reorder.slice(0, 10));
    expect((await finished('PATCH')).status).toBe(400);
    expect(faults()).toEqual([]);
    await stillServing();
  });

  test.each([
    ['gone while its session was checked, before the body was read ("stream is not readable")', 10],
    ['gone with its whole body sent, before the server read it (a proxy hanging up for a reloaded page)', Infinity],
  ])('%s: 400, no fault logged', async (_case, sentChars) => {
    holdSessionChecks();
    await abandon(head('PATCH', '/folders/reorder', json(reorder)) + reorder.slice(0, sentChars), async () => {
      await checkStarted;
    });
    // The server sees the socket close before it reads the body.
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect((await finished('PATCH')).status).toBe(400);
    expect(faults()).toEqual([]);
    await stillServing();
  });

  test('a request without a body still runs when its client has left (nothing of it was lost)', async () => {
    holdSessionChecks();
    await abandon(head('DELETE', '/folders/drafts', {}), async () => {
      await checkStarted;
    });
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect(await finished('DELETE')).toMatchObject({ status: 200 });
    expect(deleted).toEqual(['drafts']);
    expect(faults()).toEqual([]);
  });

  test('gzipped and cut mid-body: the request still ends (400), no fault logged', async () => {
    const zipped = gzipSync(Buffer.from(reorder.repeat(50)));
    const start = Buffer.concat([
      Buffer.from(head('PATCH', '/folders/reorder', { ...json(''), 'content-length': zipped.length, 'content-encoding': 'gzip' })),
      zipped.subarray(0, 20),
    ]);
    await abandon(start);
    expect((await finished('PATCH')).status).toBe(400);
    expect(faults()).toEqual([]);
  });
});

describe('an upload the client stopped sending', () => {
  const boundary = 'cc-boundary';
  const part = (content: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\ncontent-type: text/csv\r\n\r\n${content}`;
  const multipart = (length: number) => ({ 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length });

  test('cut mid-file: 400, no fault logged, no temporary file left', async () => {
    const before = await readdir(tmpdir());
    await abandon(head('POST', '/files/import', multipart(100_000)) + part('x'.repeat(5000)));
    expect((await finished('POST')).status).toBe(400);
    expect(faults()).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect((await readdir(tmpdir())).filter((f) => !before.includes(f))).toEqual([]);
    await stillServing();
  });

  test('gone before the upload was read: 400, no fault logged', async () => {
    holdSessionChecks();
    await abandon(head('POST', '/files/import', multipart(100_000)) + part('x'.repeat(100)), async () => {
      await checkStarted;
    });
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect((await finished('POST')).status).toBe(400);
    expect(faults()).toEqual([]);
  });
});

describe('a body read already', () => {
  test('a route with a body limit of its own, reached by a path the router matches loosely: answered, not a 500', async () => {
    const body = JSON.stringify({ name: 'Ideas' });
    for (const path of ['/folders', '/folders/', '/FOLDERS']) {
      expect(await postFolder(path, body)).toEqual({
        path,
        status: 200,
        body: { success: true, body: { name: 'Ideas', description: '' } },
      });
    }
    expect(faults()).toEqual([]);
  });

  test('two parsers of one request: the second goes on without reading the ended stream again', async () => {
    const app = new Koa();
    app.use(errorMiddleware());
    app.use(jsonBody('1kb'));
    app.use(jsonBody('1kb'));
    app.use((ctx) => {
      ctx.body = { got: ctx.request.body as unknown };
    });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: reorder,
      });
      expect({ status: res.status, body: (await res.json()) as unknown }).toEqual({ status: 200, body: { got: JSON.parse(reorder) } });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  test("the route's own limit holds on those paths too (read once, by the route)", async () => {
    const body = JSON.stringify({ name: 'Ideas', description: 'x'.repeat(2000) });
    for (const path of ['/folders', '/folders/', '/FOLDERS']) {
      expect(await postFolder(path, body)).toEqual({
        path,
        status: 413,
        body: refused(STATUS_MESSAGES[413]!),
      });
    }
  });
});
