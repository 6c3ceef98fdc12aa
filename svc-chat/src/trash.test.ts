import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { CSRF_HEADER, TRASH_MESSAGES, type TrashItem } from '@cc/contracts';
import { refused } from '@cc/service-kit/testing';
import { startChat, startFakePeople, type ChatHarness } from './test-support';

/**
 * GET/DELETE /trash and POST /trash/restore ask each domain's trash as the caller. Here the
 * domains are stand-ins answering the domain contract (each service's own trash is tested in
 * that service); the whole path through the real services runs in e2e/trash.spec.ts.
 */

type Domain = 'files' | 'coaching' | 'people';
type Behaviour = { delayMs?: number; status?: number; body?: unknown };
let behaviour: Record<Domain, Behaviour> = { files: {}, coaching: {}, people: {} };

const item = (kind: TrashItem['kind'], id: number, deleted_at: string): TrashItem => ({
  kind,
  id,
  object_id: String(id * 10),
  title: `${kind} ${id}`,
  deleted_at,
  purge_at: new Date(Date.parse(deleted_at) + 30 * 86_400_000).toISOString(),
  url: `/x/${kind}/${id}`,
});

const ITEMS: Record<Domain, TrashItem[]> = {
  files: [item('file', 1, '2026-11-20T10:00:00.000Z'), item('folder', 2, '2026-11-18T10:00:00.000Z')],
  coaching: [item('todo', 1, '2026-11-21T10:00:00.000Z')],
  people: [item('meeting', 1, '2026-11-19T10:00:00.000Z')],
};

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

function fakeDomain(name: Domain) {
  const seen: Seen[] = [];
  return startFakePeople((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const b = behaviour[name];
      const answer =
        req.method === 'GET'
          ? { success: true, items: ITEMS[name] }
          : req.method === 'DELETE'
            ? { success: true, deleted: ITEMS[name].length }
            : { success: true, restored: { kind: JSON.parse(body).kind, id: '10', title: 'Back', url: '/x/back' } };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(b.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(b.body ?? answer));
      }, b.delayMs ?? 0);
    });
  }).then((server) => ({ ...server, seen }));
}

let domains: Record<Domain, Awaited<ReturnType<typeof fakeDomain>>>;
let chat: ChatHarness;

beforeAll(async () => {
  domains = { files: await fakeDomain('files'), coaching: await fakeDomain('coaching'), people: await fakeDomain('people') };
  chat = await startChat({}, { FILES_URL: domains.files.url, COACHING_URL: domains.coaching.url, PEOPLE_URL: domains.people.url });
});
afterAll(async () => {
  await chat?.close();
  await Promise.all(Object.values(domains ?? {}).map((d) => d.close()));
});

describe('GET /trash', () => {
  test("merges every domain's trash newest first, asked as the caller", async () => {
    behaviour = { files: {}, coaching: {}, people: {} };
    const client = chat.as(7);
    const res = await client.get('/trash');
    expect(res.status).toBe(200);
    expect(res.body.partial).toEqual([]);
    expect(res.body.items.map((i: TrashItem) => `${i.kind} ${i.id}`)).toEqual(['todo 1', 'file 1', 'meeting 1', 'folder 2']);
    expect(res.body.items[0]).toEqual(ITEMS.coaching[0]);
    for (const [domain, path] of [
      ['files', '/files/trash'],
      ['coaching', '/planning/trash'],
      ['people', '/people/trash'],
    ] as const) {
      const last = domains[domain].seen.at(-1)!;
      expect([last.method, last.url, last.headers.cookie]).toEqual(['GET', path, `cc_session=${client.cookie}`]);
    }
  });

  test('a domain that fails, answers nonsense or is too slow is named in partial; the rest still show', async () => {
    behaviour = { files: { status: 500, body: {} }, coaching: { body: { odd: true } }, people: {} };
    const res = await chat.as(7).get('/trash');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, items: ITEMS.people, partial: ['files', 'coaching'] });

    behaviour = { files: {}, coaching: {}, people: { delayMs: 2500 } };
    const started = Date.now();
    const slow = await chat.as(7).get('/trash');
    expect(Date.now() - started).toBeLessThan(2400);
    expect(slow.body.partial).toEqual(['people']);
    expect(slow.body.items).toHaveLength(3);
  });

  test('a domain with no URL configured is named in partial', async () => {
    const alone = await startChat({}, { FILES_URL: domains.files.url }, chat.database);
    try {
      behaviour = { files: {}, coaching: {}, people: {} };
      const res = await alone.as(7).get('/trash');
      expect(res.body.partial).toEqual(['coaching', 'people']);
      expect(res.body.items).toEqual(ITEMS.files);
    } finally {
      await alone.close();
    }
  });

  test('needs a session', async () => {
    const anonymous = chat.as(7);
    anonymous.cookie = undefined;
    expect((await anonymous.get('/trash')).status).toBe(401);
  });
});

describe('POST /trash/restore', () => {
  test('asks only the domain that keeps the kind, with the CSRF token, and answers what it said', async () => {
    behaviour = { files: {}, coaching: {}, people: {} };
    const client = chat.as(7);
    const before = { files: domains.files.seen.length, people: domains.people.seen.length };
    const res = await client.post('/trash/restore', { kind: 'todo', id: 3 });
    expect([res.status, res.body]).toEqual([200, { success: true, restored: { kind: 'todo', id: '10', title: 'Back', url: '/x/back' } }]);
    const last = domains.coaching.seen.at(-1)!;
    expect([last.method, last.url, JSON.parse(last.body)]).toEqual(['POST', '/planning/trash/restore', { kind: 'todo', id: 3 }]);
    expect(last.headers[CSRF_HEADER.toLowerCase()]).toBe(client.csrf);
    expect({ files: domains.files.seen.length, people: domains.people.seen.length }).toEqual(before);

    await client.post('/trash/restore', { kind: 'journal', id: 4 });
    expect(domains.files.seen.at(-1)!.url).toBe('/files/trash/restore');
    await client.post('/trash/restore', { kind: 'meeting', id: '5' });
    expect(JSON.parse(domains.people.seen.at(-1)!.body)).toEqual({ kind: 'meeting', id: 5 });
  });

  test("the domain's refusal comes through as it said it; a domain down answers 503", async () => {
    behaviour = { files: {}, coaching: { status: 404, body: refused(TRASH_MESSAGES.notFound) }, people: {} };
    const res = await chat.as(7).post('/trash/restore', { kind: 'milestone', id: 9 });
    expect([res.status, res.body]).toEqual([404, refused(TRASH_MESSAGES.notFound)]);

    behaviour = { files: { status: 500, body: {} }, coaching: {}, people: {} };
    const down = await chat.as(7).post('/trash/restore', { kind: 'file', id: 9 });
    expect([down.status, down.body]).toEqual([503, refused(TRASH_MESSAGES.domainUnavailable)]);
  });

  test('bad input is refused before any domain is asked; the CSRF token is needed', async () => {
    behaviour = { files: {}, coaching: {}, people: {} };
    const count = () => Object.values(domains).reduce((n, d) => n + d.seen.length, 0);
    const before = count();
    const c = chat.as(7);
    expect((await c.post('/trash/restore', { kind: 'song', id: 1 })).body).toEqual(refused(TRASH_MESSAGES.kind));
    expect((await c.post('/trash/restore', { kind: 'file', id: 0 })).body).toEqual(refused(TRASH_MESSAGES.id));
    expect((await c.post('/trash/restore', { kind: 'file', id: 1 }, { csrf: false })).status).toBe(403);
    expect(count()).toBe(before);
  });
});

describe('DELETE /trash', () => {
  test("empties every domain's trash and says which did not answer", async () => {
    behaviour = { files: {}, coaching: {}, people: {} };
    const res = await chat.as(7).delete('/trash');
    expect(res.body).toEqual({ success: true, deleted: 4, partial: [] });
    expect(domains.people.seen.at(-1)!.method).toBe('DELETE');

    behaviour = { files: {}, coaching: {}, people: { status: 502, body: {} } };
    expect((await chat.as(7).delete('/trash')).body).toEqual({ success: true, deleted: 3, partial: ['people'] });
    expect((await chat.as(7).delete('/trash', { csrf: false })).status).toBe(403);
  });
});
