import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { CHAT_MESSAGES, REQUEST_MESSAGES, routesOf } from '@cc/contracts';
import { defineService } from './app';
import { HttpError } from './errors';
import { conflict } from './route-helpers';
import { remoteSessionCheck } from './session-check';
import { csrfTokenFor, signSession, verifySession } from './session';
import { tableNames } from './db';
import { freshDatabase, startTestService, TEST_SECRET, TestClient, type RunningService, type TestDatabase } from './testing';

/** A throwaway service on route-table paths, to exercise the kit itself. */
const T = tableNames('chat', ['notes'] as const);
const probe = defineService({
  name: 'chat',
  migrations: [
    {
      name: '001_notes',
      up: async (knex, schema) => {
        await knex.schema.withSchema(schema).createTable('notes', (t) => {
          t.increments('id');
          t.integer('user_id').notNullable().index();
          t.text('text').notNullable();
        });
      },
    },
  ],
  routes(router, { db }) {
    router.get('/ai_chat/conversation', {}, async (_ctx, { user, query }) => {
      const notes = await db(T.notes).where({ user_id: user.id }).select('text');
      return {
        success: true,
        conversation_id: query.file_id ?? null,
        messages: notes.map((n) => ({ role: 'user' as const, content: n.text as string })),
      };
    });
    router.post('/ai_chat/send_message', {}, async (_ctx, { user, body }) => {
      await db(T.notes).insert({ user_id: user.id, text: body.message });
      return { success: true, message: 'noted' };
    });
    router.get('/ai_chat/status', { auth: false }, () => {
      throw new Error('secret internal detail at /srv/app.js:12');
    });
    router.post('/ai_chat/clear_conversation', {}, () => {
      throw new HttpError(409, ['Something specific']);
    });
  },
});

let database: TestDatabase;
let svc: RunningService;
let client: TestClient;

beforeAll(async () => {
  database = await freshDatabase();
  svc = await startTestService(probe, database.db);
  client = new TestClient(svc.url);
  // Sign a session as svc-identity would (the kit only needs the shared secret).
  client.cookie = signSession(TEST_SECRET, { sid: 'sid-1', uid: 7, adm: false, iat: Math.floor(Date.now() / 1000) });
  client.csrf = csrfTokenFor(TEST_SECRET, 'sid-1');
});
afterAll(async () => {
  await svc?.close();
  await database?.drop();
});

describe('service kit', () => {
  test('validation failures are 422 with the errors list and write nothing', async () => {
    const res = await client.post('/ai_chat/send_message', { file_id: 1, message: '   ' });
    expect(res.status).toBe(422);
    // send_message's documented answer names `error`: the kit adds it (the first message) to every refusal.
    expect(res.body).toEqual({ success: false, error: 'Message is required', errors: ['Message is required'] });
    const q = await client.get('/ai_chat/conversation?file_id=abc');
    expect(q.status).toBe(422);
    expect(q.body).toEqual({ success: false, errors: [CHAT_MESSAGES.fileIdInvalid] });
    expect((await client.get('/ai_chat/conversation?file_id=1')).body.messages).toEqual([]);
  });

  test('rows are scoped to the session user', async () => {
    expect((await client.post('/ai_chat/send_message', { file_id: 1, message: 'mine' })).status).toBe(200);
    const other = new TestClient(svc.url);
    other.cookie = signSession(TEST_SECRET, { sid: 'sid-2', uid: 8, adm: false, iat: Math.floor(Date.now() / 1000) });
    expect((await other.get('/ai_chat/conversation?file_id=1')).body.messages).toEqual([]);
    expect((await client.get('/ai_chat/conversation?file_id=1')).body.messages).toEqual([{ role: 'user', content: 'mine' }]);
  });

  test('writes need the CSRF token of the same session; reads and anonymous calls are refused properly', async () => {
    expect((await client.post('/ai_chat/send_message', { file_id: 1, message: 'x' }, { csrf: false })).status).toBe(403);
    const stolenToken = csrfTokenFor(TEST_SECRET, 'another-session');
    expect(
      (await client.post('/ai_chat/send_message', { file_id: 1, message: 'x' }, { csrf: false, headers: { 'x-csrf-token': stolenToken } }))
        .status,
    ).toBe(403);
    const anon = new TestClient(svc.url);
    const res = await anon.get('/ai_chat/conversation?file_id=1');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, errors: ['You need to sign in first'] });
  });

  test('unexpected errors are a 500 without details; HttpErrors keep their status and message', async () => {
    const res = await client.get('/ai_chat/status');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(res.body.success).toBe(false);
    const known = await client.post('/ai_chat/clear_conversation', { file_id: 1 });
    expect(known.status).toBe(409);
    expect(known.body).toEqual({ success: false, errors: ['Something specific'] });
  });

  test('background tasks start after the migrations and stop with the service; one that cannot start leaves the routes serving', async () => {
    const events: string[] = [];
    const task = (name: string, fails = false) => ({
      name,
      start: async () => {
        // The migrated table is there when a task starts.
        const { rows } = await database.db.raw(`select to_regclass('chat.notes') is not null as migrated`);
        events.push(`${name} start (migrated: ${rows[0].migrated})`);
        if (fails) throw new Error('queue refused');
      },
      stop: async () => void events.push(`${name} stop`),
    });
    const busy = defineService({
      name: 'chat',
      migrations: probe.migrations,
      routes: (r, { background }) => {
        background(task('queue'));
        background(task('broken', true));
        r.get('/ai_chat/status', { auth: false }, () => ({ success: true as const, provider: 'offline' as const, model: 'none' }));
      },
    });
    const running = await startTestService(busy, database.db, { checkAnswers: false });
    expect(events).toEqual(['queue start (migrated: true)', 'broken start (migrated: true)']);
    expect((await new TestClient(running.url).get('/ai_chat/status')).status).toBe(200);
    await running.close();
    expect(events.slice(2).sort()).toEqual(['broken stop', 'queue stop']);
  });

  test("a stale save's conflict answers 409 with what the record holds now", async () => {
    const stale = defineService({
      name: 'chat',
      migrations: probe.migrations,
      routes: (r) => {
        r.post('/ai_chat/clear_conversation', {}, () => {
          throw conflict('Changed elsewhere', { content: 'theirs', revision: 2 });
        });
      },
    });
    // clear_conversation documents no `current`: the contract check is off for this probe (see below).
    const running = await startTestService(stale, database.db, { checkAnswers: false });
    try {
      const c = Object.assign(new TestClient(running.url), { cookie: client.cookie, csrf: client.csrf });
      const res = await c.post('/ai_chat/clear_conversation', { file_id: 1 });
      expect([res.status, res.body]).toEqual([
        409,
        { success: false, errors: ['Changed elsewhere'], current: { content: 'theirs', revision: 2 } },
      ]);
    } finally {
      await running.close();
    }
  });

  test('owned paths it does not implement answer 501 (after auth and CSRF), unknown paths 404', async () => {
    const res = await client.post('/ai_chat/suggest_edits', {});
    expect(res.status).toBe(501);
    // (suggest_edits' documented answer names `error`: the kit adds it to this refusal too.)
    expect(res.body).toEqual({ success: false, error: 'Not implemented yet', errors: ['Not implemented yet'] });
    expect((await client.post('/ai_chat/suggest_edits', {}, { csrf: false })).status).toBe(403);
    expect((await new TestClient(svc.url).post('/ai_chat/suggest_edits', {})).status).toBe(401);
    // Every chat path of the table but the four this probe registers (the table grows: it is not listed here).
    const registered = [
      'GET /ai_chat/conversation',
      'POST /ai_chat/send_message',
      'GET /ai_chat/status',
      'POST /ai_chat/clear_conversation',
    ];
    const owned = routesOf('chat').map((r) => `${r.method} ${r.path}`);
    expect(svc.service.router.notImplemented()).toEqual(owned.filter((r) => !registered.includes(r)));
    expect(svc.service.router.notImplemented()).toEqual(expect.arrayContaining(['POST /ai_chat/suggest_edits', 'GET /search']));
    const nope = await client.get('/nope');
    expect(nope.status).toBe(404);
    expect(nope.body).toEqual({ success: false, errors: ['Not found'] });
  });

  test('every refusal is JSON with an errors list: an unsupported method, a malformed request line', async () => {
    const res = await client.request('PUT', '/ai_chat/send_message', {});
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ success: false, errors: ['Method not allowed'] });
    const { sendRaw } = await import('../../../gateway/src/raw-socket');
    const port = Number(new URL(svc.url).port);
    const garbage = await sendRaw(port, 'GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ success: false, errors: ['Bad request'] });
  });

  test('a NUL character anywhere in a request is a 422 with the one message; nothing is written', async () => {
    const res = await client.post('/ai_chat/send_message', { file_id: 1, message: 'pasted \u0000 text' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, error: REQUEST_MESSAGES.nulCharacter, errors: [REQUEST_MESSAGES.nulCharacter] });
    expect(await database.db(T.notes).where('text', 'like', 'pasted%')).toEqual([]);
  });

  test('in tests, an answer outside its contract fails loudly, a thrown one with keys of its own too', async () => {
    const liar = defineService({
      name: 'chat',
      migrations: probe.migrations,
      routes: (r) => {
        r.get('/ai_chat/status', { auth: false }, () => ({ success: true, provider: 'a crystal ball', model: 'm' }) as never);
        r.post('/ai_chat/clear_conversation', {}, () => {
          throw conflict('Changed elsewhere', { content: 'theirs' });
        });
      },
    });
    const running = await startTestService(liar, database.db);
    try {
      const res = await new TestClient(running.url).get('/ai_chat/status');
      expect(res.status).toBe(500);
      const c = Object.assign(new TestClient(running.url), { cookie: client.cookie, csrf: client.csrf });
      expect((await c.post('/ai_chat/clear_conversation', { file_id: 1 })).status).toBe(500);
    } finally {
      await running.close();
    }
  });

  test('a service cannot register a path it does not own', async () => {
    const rogue = defineService({
      name: 'chat',
      migrations: [],
      routes: (r) => {
        r.get('/folders', {}, () => undefined);
      },
    });
    await expect(startTestService(rogue, database.db)).rejects.toThrow(/not a route-table path of this service/);
  });
});

describe('sessions', () => {
  test('signatures, expiry and tampering', () => {
    const now = Date.now();
    const token = signSession('k', { sid: 's', uid: 1, adm: false, iat: Math.floor(now / 1000) });
    expect(verifySession('k', token)?.uid).toBe(1);
    expect(verifySession('other', token)).toBeNull();
    // A character inside the signature: the last one of base64url may differ only in padding bits.
    const at = token.length - 10;
    const tampered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(verifySession('k', tampered)).toBeNull();
    expect(verifySession('k', token, now + 31 * 24 * 3600 * 1000)).toBeNull();
    expect(verifySession('k', 'garbage')).toBeNull();
  });

  test('remote revocation check asks identity once and caches the answer', async () => {
    let calls = 0;
    const { createServer } = await import('node:http');
    const identity = createServer((req, res) => {
      calls += 1;
      res.statusCode = req.headers.cookie?.includes('good') ? 200 : 401;
      res.end('{}');
    });
    await new Promise<void>((r) => identity.listen(0, '127.0.0.1', r));
    const port = (identity.address() as { port: number }).port;
    const check = remoteSessionCheck(`http://127.0.0.1:${port}`);
    expect(await check('a', 'good')).toBe(true);
    expect(await check('a', 'good')).toBe(true);
    expect(await check('b', 'revoked')).toBe(false);
    expect(calls).toBe(2);
    identity.close();
  });

  test('after sign-out, reads may use the cached answer for a moment but a write is refused at once', async () => {
    let signedOut = false;
    let calls = 0;
    const { createServer } = await import('node:http');
    const identity = createServer((_req, res) => {
      calls += 1;
      res.statusCode = signedOut ? 401 : 200;
      res.end('{}');
    });
    await new Promise<void>((r) => identity.listen(0, '127.0.0.1', r));
    const port = (identity.address() as { port: number }).port;
    const svc2 = await startTestService(probe, database.db, { sessionCheck: remoteSessionCheck(`http://127.0.0.1:${port}`) });
    try {
      const me = new TestClient(svc2.url);
      me.cookie = signSession(TEST_SECRET, { sid: 'sid-9', uid: 9, adm: false, iat: Math.floor(Date.now() / 1000) });
      me.csrf = csrfTokenFor(TEST_SECRET, 'sid-9');
      expect((await me.get('/ai_chat/conversation?file_id=1')).status).toBe(200);
      expect((await me.post('/ai_chat/send_message', { file_id: 1, message: 'before' })).status).toBe(200);
      signedOut = true; // identity revoked the session (sign-out elsewhere)
      expect((await me.post('/ai_chat/send_message', { file_id: 1, message: 'after sign-out' })).status).toBe(401);
      // Once identity has said so, every later call is refused without asking again.
      const asked = calls;
      expect((await me.get('/ai_chat/conversation?file_id=1')).status).toBe(401);
      expect(calls).toBe(asked);
      expect(await database.db(T.notes).where({ text: 'after sign-out' })).toEqual([]);
    } finally {
      await svc2.close();
      identity.close();
    }
  });
});
