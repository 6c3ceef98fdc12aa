import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { REQUEST_MESSAGES } from '@cc/contracts';
import { defineService } from './app';
import { peerClient } from './peer';
import { csrfTokenFor, signSession } from './session';
import { freshDatabase, startTestService, TEST_SECRET, TestClient, type RunningService, type TestDatabase } from './testing';

/** A probe service on route-table paths of svc-coaching: an admin call, an upload, a peer read. */
let peerUrl = '';
const probe = defineService({
  name: 'coaching',
  migrations: [],
  routes(router) {
    // The probe's answers are not the calls' contracts: each handler writes its own body.
    router.get('/coaching/admin_sections', { admin: true }, (ctx) => {
      ctx.body = { success: true, admin: true };
    });
    router.post('/coaching/upload_questions_csv', { upload: { extensions: ['.csv'], maxBytes: 1024 } }, async (ctx, { file }) => {
      ctx.body = { success: true, name: file!.name, size: file!.size, text: await file!.text() };
    });
    router.get('/coaching/information_gathering_prompt', {}, async (ctx) => {
      const answer = await peerClient(ctx, peerUrl).get(
        '/people/4',
        z.object({ success: z.literal(true), person: z.object({ full_name: z.string() }) }),
        { timeoutMs: 300 },
      );
      ctx.body = { success: true, answer };
    });
  },
});

let database: TestDatabase;
let svc: RunningService;
let peer: Server;
let peerAnswer: { status: number; body: unknown; delayMs?: number } = { status: 200, body: {} };
const peerSaw: IncomingMessage[] = [];

function client(isAdmin: boolean, sid = isAdmin ? 'admin-sid' : 'user-sid') {
  const c = new TestClient(svc.url);
  c.cookie = signSession(TEST_SECRET, { sid, uid: isAdmin ? 1 : 2, adm: isAdmin, iat: Math.floor(Date.now() / 1000) });
  c.csrf = csrfTokenFor(TEST_SECRET, sid);
  return c;
}

async function upload(c: TestClient, parts: { name?: string; content?: string; field?: string } | null) {
  const form = new FormData();
  if (parts) form.append(parts.field ?? 'file', new Blob([parts.content ?? '']), parts.name ?? 'people.csv');
  else form.append('note', 'no file here');
  const res = await fetch(`${svc.url}/coaching/upload_questions_csv`, {
    method: 'POST',
    headers: { accept: 'application/json', cookie: `cc_session=${c.cookie}`, 'x-csrf-token': c.csrf! },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  database = await freshDatabase();
  // A probe of route options on calls not built yet: they have no answer schema to check.
  svc = await startTestService(probe, database.db, { checkAnswers: false });
  peer = createServer((req, res) => {
    peerSaw.push(req);
    const { status, body, delayMs } = peerAnswer;
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    }, delayMs ?? 0);
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await svc?.close();
  peer?.closeAllConnections();
  await new Promise((r) => peer?.close(r));
  await database?.drop();
});

/** The kit's refusal on these calls: their documented answer names `error`, so it comes with the list. */
const refusal = (message: string) => ({ success: false, error: message, errors: [message] });

describe('admin-only routes', () => {
  test('an administrator is let through; anyone else gets 403 with the message', async () => {
    expect((await client(true).get('/coaching/admin_sections')).body).toEqual({ success: true, admin: true });
    const other = await client(false).get('/coaching/admin_sections');
    expect(other.status).toBe(403);
    expect(other.body).toEqual(refusal(REQUEST_MESSAGES.adminOnly));
    expect((await new TestClient(svc.url).get('/coaching/admin_sections')).status).toBe(401);
  });
});

describe('uploads (multipart, koa-body)', () => {
  test('the file reaches the handler', async () => {
    const res = await upload(client(false), { content: 'name,role\nSam,VP\n' });
    expect(res).toEqual({ status: 200, body: { success: true, name: 'people.csv', size: 17, text: 'name,role\nSam,VP\n' } });
  });

  test.each([
    ['no file', null, 422, REQUEST_MESSAGES.uploadMissing],
    ['another field', { field: 'other', content: 'a' }, 422, REQUEST_MESSAGES.uploadMissing],
    ['an empty file', { content: '' }, 422, REQUEST_MESSAGES.uploadEmpty],
    ['the wrong kind of file', { name: 'photo.png', content: 'x' }, 422, REQUEST_MESSAGES.uploadType('.csv')],
    ['a file over the limit', { content: 'x'.repeat(2048) }, 413, REQUEST_MESSAGES.uploadTooLarge('1 KB')],
  ])('%s: a 4xx with the one message', async (_label, parts, status, message) => {
    const res = await upload(client(false), parts);
    expect(res).toEqual({ status, body: refusal(message) });
  });

  test('a JSON body where a file is expected is a 422, and the upload needs the CSRF token', async () => {
    const c = client(false);
    expect((await c.post('/coaching/upload_questions_csv', { file: 'x' })).body).toEqual(refusal(REQUEST_MESSAGES.uploadMissing));
    expect((await c.post('/coaching/upload_questions_csv', { file: 'x' }, { csrf: false })).status).toBe(403);
  });
});

describe('peer calls', () => {
  test('another service is asked as the caller: their cookie and the request id go along', async () => {
    peerAnswer = { status: 200, body: { success: true, person: { full_name: 'Sam Lee' } } };
    const c = client(false);
    const res = await c.request('GET', '/coaching/information_gathering_prompt', undefined, { headers: { 'x-request-id': 'req-42' } });
    expect(res.body.answer).toEqual({ ok: true, status: 200, body: { success: true, person: { full_name: 'Sam Lee' } } });
    const asked = peerSaw.at(-1)!;
    expect(asked.url).toBe('/people/4');
    expect(asked.headers.cookie).toBe(`cc_session=${c.cookie}`);
    expect(asked.headers['x-request-id']).toBe('req-42');
  });

  test.each([
    ['a refusal', { status: 404, body: { success: false } }, { ok: false, reason: 'status', status: 404 }],
    ['an odd answer', { status: 200, body: { person: 'nobody' } }, { ok: false, reason: 'invalid', status: 200 }],
    ['a slow peer', { status: 200, body: {}, delayMs: 1000 }, { ok: false, reason: 'timeout' }],
  ])('%s is an answer, never a thrown error', async (_label, answer, expected) => {
    peerAnswer = answer;
    expect((await client(false).get('/coaching/information_gathering_prompt')).body.answer).toEqual(expected);
  });
});
