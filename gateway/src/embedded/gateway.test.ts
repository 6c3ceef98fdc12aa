/**
 * The embedded run (`npm start`) as a hostile or clumsy client meets it: every service's real
 * Koa app behind the embedded gateway, on a real database. Nothing may stop the process, and
 * every refusal is JSON with an `errors` list.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FILES_MESSAGES, REQUEST_MESSAGES, SERVICES, type ServiceName } from '@cc/contracts';
import { createApp, createLogger } from '@cc/service-kit';
import { freshDatabase, TEST_SECRET, TestClient, type TestDatabase } from '@cc/service-kit/testing';
import { identityService, identitySessionCheck } from '@cc/svc-identity';
import { filesService } from '@cc/svc-files';
import { coachingService } from '@cc/svc-coaching';
import { peopleService } from '@cc/svc-people';
import { chatService } from '@cc/svc-chat';
import { errorsOf, sendRaw } from '../raw-socket';
import { createGateway } from './gateway';

const definitions = { identity: identityService, files: filesService, coaching: coachingService, people: peopleService, chat: chatService };

let database: TestDatabase;
let root: string;
let server: Server;
const apps: ReturnType<typeof createApp>[] = [];
let port: number;
let base: string;

beforeAll(async () => {
  database = await freshDatabase();
  root = mkdtempSync(path.join(os.tmpdir(), 'cc-embedded-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(root, 'shell', 'dist', 'openapi.json'), '{"openapi":"3.1.0"}');
  mkdirSync(path.join(root, 'shell', 'dist', 'api', 'docs'), { recursive: true });
  writeFileSync(path.join(root, 'shell', 'dist', 'api', 'docs', 'index.html'), '<!doctype html><title>API reference</title>');
  for (const remote of ['dashboard', 'planning', 'coaching', 'people']) {
    mkdirSync(path.join(root, `mfe-${remote}`, 'dist'), { recursive: true });
    writeFileSync(path.join(root, `mfe-${remote}`, 'dist', 'remoteEntry.js'), `// ${remote}`);
  }
  const sessionCheck = identitySessionCheck(database.db);
  const handlers = {} as Record<ServiceName, ReturnType<ReturnType<typeof createApp>['app']['callback']>>;
  for (const name of SERVICES) {
    const app = createApp(definitions[name], {
      sessionSecret: TEST_SECRET,
      db: database.db,
      logger: createLogger(name, 'silent'),
      sessionCheck,
      env: { SIGN_IN_MAX_FAILURES: '2' },
    });
    await app.ready();
    apps.push(app);
    handlers[name] = app.app.callback();
  }
  server = createGateway(root, handlers);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  // Background work (each service's daily job queue) stops before the database closes.
  await Promise.all(apps.map((app) => app.stop()));
  await database?.drop();
  if (root) rmSync(root, { recursive: true, force: true });
});

const alive = async () => (await fetch(`${base}/healthz`)).status;

describe('embedded gateway: the API reference', () => {
  test('/openapi.json and /api/docs are the files of the shell build, even to a browser navigating to them', async () => {
    for (const accept of ['text/html,application/xhtml+xml', 'application/json']) {
      const doc = await fetch(`${base}/openapi.json`, { headers: { accept } });
      expect([doc.status, doc.headers.get('content-type'), await doc.text()]).toEqual([
        200,
        'application/json; charset=utf-8',
        '{"openapi":"3.1.0"}',
      ]);
      for (const page of ['/api/docs', '/api/docs/']) {
        const res = await fetch(`${base}${page}`, { headers: { accept } });
        expect([res.status, await res.text()]).toEqual([200, '<!doctype html><title>API reference</title>']);
      }
    }
    // Any other navigation still gets the app.
    expect(await (await fetch(`${base}/api/other`, { headers: { accept: 'text/html' } })).text()).toMatch(/<title>shell/);
  });
});

describe('embedded gateway: requests that must not stop the process', () => {
  test.each([
    ['an unparseable request target', 'GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
    ['a garbage request line', 'NOT A REQUEST\r\n\r\n', 400],
    ['headers over the limit', `GET /folders HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`, 431],
  ])('%s: a JSON refusal, and the server keeps serving', async (_label, request, status) => {
    const answer = await sendRaw(port, request);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(errorsOf(answer)?.length).toBe(1);
    expect(await alive()).toBe(200);
  });

  test('an unsupported method on an API path is 405 JSON with an errors list', async () => {
    const res = await fetch(`${base}/folders`, { method: 'PUT', headers: { accept: 'application/json' } });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ success: false, errors: [REQUEST_MESSAGES.methodNotAllowed] });
  });

  test('a path that escapes a static build is refused with JSON, not plain text', async () => {
    for (const target of ['/mfe/dashboard/..%2f..%2fpackage.json', '/mfe/dashboard/%E0%A4%A', '/..%2f..%2fetc/passwd']) {
      const answer = await sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect({ target, status: answer.status >= 400 && answer.status < 500 }).toEqual({ target, status: true });
      expect({ target, errors: errorsOf(answer)?.length }).toEqual({ target, errors: 1 });
    }
  });
});

describe('embedded gateway: the sign-in limit counts the address the gateway saw', () => {
  test('rotating X-Forwarded-For does not reset the per-address limit', async () => {
    // SIGN_IN_MAX_FAILURES=2: an address may fail 10 times (5 × 2) across different emails.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${base}/auth/sign_in`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'wrong password' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('embedded gateway: text and numbers the database cannot take', () => {
  let client: TestClient;
  let fileId: number;

  beforeAll(async () => {
    client = new TestClient(base);
    await client.signUp();
    const created = await client.post('/files', { file: { folder: 'notes', name: 'plan' } });
    fileId = created.body.file.id;
  });

  test('a NUL character is refused with 422 and the one message, in bodies, queries and paths', async () => {
    const nul = { success: false, errors: [REQUEST_MESSAGES.nulCharacter] };
    const attempts = [
      await client.patch(`/files/${fileId}`, { file: { content: 'pasted\u0000text' } }),
      await client.patch(`/files/${fileId}/summary`, { summary: 'a\u0000' }),
      await client.patch(`/files/${fileId}/goals`, { goals: 'a\u0000' }),
      await client.put(`/files/${fileId}`, { file: { description: 'd\u0000' } }),
      await client.post('/folders', { name: 'work\u0000' }),
      await client.post('/journal/2026-01-05/save', { content: 'day\u0000' }),
      await client.patch('/folders/reorder', { order: ['notes\u0000'] }),
      await client.get('/profile/suggested_files?folder=notes%00'),
      await client.patch('/folders/notes%00', { description: 'x' }),
    ];
    for (const res of attempts) expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: nul });
    // Nothing was half-written.
    expect((await client.get(`/files/${fileId}`)).body.file).toMatchObject({ content: '', summary: '', goals: '', description: '' });
  });

  test('whole numbers beyond the database integer range are 4xx, never 500', async () => {
    const big = 99_999_999_999;
    expect((await client.patch('/files/reorder', { folder: 'notes', ids: [big] })).status).toBe(422);
    expect((await client.patch(`/files/${fileId}`, { file: { content: 'x', revision: big } })).status).toBe(422);
    expect((await client.get(`/files/${big}`)).status).toBe(404);
    expect((await client.post('/files/summarize', { file_id: big })).status).toBe(422);
    expect((await client.get(`/ai_chat/conversation?file_id=${big}`)).status).toBe(422);
  });

  test('a rejected suggestion name over the name limit is 422 (it would not fit the index)', async () => {
    const res = await client.post('/profile/reject_suggested_folder', { name: 'x'.repeat(3000) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([FILES_MESSAGES.folderNameTooLong]);
    const file = await client.post('/profile/reject_suggested_file', { folder: 'notes', name: 'y'.repeat(3000) });
    expect(file.status).toBe(422);
  });

  test('a body that does not match its Content-Encoding is 400; an unknown encoding 415', async () => {
    const headers = {
      accept: 'application/json',
      'content-type': 'application/json',
      cookie: `cc_session=${client.cookie}`,
      'x-csrf-token': client.csrf!,
    };
    const lying = await fetch(`${base}/folders`, {
      method: 'POST',
      headers: { ...headers, 'content-encoding': 'gzip' },
      body: '{"name":"x"}',
    });
    expect(lying.status).toBe(400);
    expect(await lying.json()).toEqual({ success: false, errors: [REQUEST_MESSAGES.badEncoding] });
    const unknown = await fetch(`${base}/folders`, {
      method: 'POST',
      headers: { ...headers, 'content-encoding': 'snappy' },
      body: '{"name":"x"}',
    });
    expect(unknown.status).toBe(415);
    expect((await unknown.json()).success).toBe(false);
    // An honest gzip body works.
    const honest = await fetch(`${base}/folders`, {
      method: 'POST',
      headers: { ...headers, 'content-encoding': 'gzip' },
      body: gzipSync('{"name":"zipped"}'),
    });
    expect(honest.status).toBe(201);
  });
});
