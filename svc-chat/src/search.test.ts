import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { SEARCH_MESSAGES, type SearchResult } from '@cc/contracts';
import { refused } from '@cc/service-kit/testing';
import { startChat, startFakePeople, type ChatHarness } from './test-support';

/**
 * GET /search fans out to each domain's search as the caller. Here the domains are stand-ins
 * answering the domain contract (each service's own search is tested in that service); the
 * full path through the real services runs in e2e/search.spec.ts.
 */

const result = (kind: SearchResult['kind'], id: string, title: string): SearchResult => ({
  kind,
  id,
  title,
  snippet: `${title} and the migration plan`,
  highlights: [[title.length + 9, title.length + 18]],
  url: `/x/${kind}/${id}`,
  updated_at: '2026-11-20T10:00:00.000Z',
  generated: false,
});

type Domain = { delayMs?: number; status?: number; body?: unknown };
let behaviour: Record<'files' | 'coaching' | 'people', Domain> = { files: {}, coaching: {}, people: {} };

function fakeDomain(name: 'files' | 'coaching' | 'people', answer: (url: URL) => unknown) {
  const seen: IncomingMessage[] = [];
  return startFakePeople((req, res) => {
    seen.push(req);
    const b = behaviour[name];
    const url = new URL(req.url ?? '/', 'http://x');
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(b.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(b.body ?? answer(url)));
    }, b.delayMs ?? 0);
  }).then((server) => ({ ...server, seen }));
}

/** A domain answering one result per asked kind (the kinds it was asked, in its own order). */
const groupsFor = (url: URL, own: SearchResult['kind'][]) => ({
  success: true,
  groups: (url.searchParams.get('kinds')?.split(',') ?? own)
    .filter((k): k is SearchResult['kind'] => own.includes(k as SearchResult['kind']))
    .map((kind) => ({ kind, total: 1, results: [result(kind, '1', `${kind} one`)] })),
});

let files: Awaited<ReturnType<typeof fakeDomain>>;
let coaching: Awaited<ReturnType<typeof fakeDomain>>;
let people: Awaited<ReturnType<typeof fakeDomain>>;
let chat: ChatHarness;

beforeAll(async () => {
  files = await fakeDomain('files', (url) => groupsFor(url, ['file', 'journal']));
  coaching = await fakeDomain('coaching', (url) => groupsFor(url, ['todo', 'milestone', 'week', 'checkin', 'plan']));
  people = await fakeDomain('people', (url) => groupsFor(url, ['person', 'meeting', 'statement']));
  chat = await startChat({}, { FILES_URL: files.url, COACHING_URL: coaching.url, PEOPLE_URL: people.url });
});
afterAll(async () => {
  await chat?.close();
  await Promise.all([files?.close(), coaching?.close(), people?.close()]);
});

describe('GET /search', () => {
  test('asks every domain as the caller and answers the groups in a stable order', async () => {
    behaviour = { files: {}, coaching: {}, people: {} };
    const client = chat.as(7);
    const res = await client.get('/search?q=%20migr%20&limit=3');
    expect(res.status).toBe(200);
    expect(res.body.query).toBe('migr');
    expect(res.body.partial).toEqual([]);
    expect(res.body.groups.map((g: { kind: string }) => g.kind)).toEqual([
      'file',
      'journal',
      'todo',
      'milestone',
      'week',
      'checkin',
      'plan',
      'person',
      'meeting',
      'statement',
    ]);
    // The caller's session went along, and the query as given.
    const last = files.seen.at(-1)!;
    expect(last.headers.cookie).toBe(`cc_session=${client.cookie}`);
    expect(new URL(last.url!, 'http://x').searchParams.get('q')).toBe('migr');
    expect(new URL(last.url!, 'http://x').searchParams.get('limit')).toBe('3');
  });

  test('asks only the domains that hold the kinds asked for', async () => {
    behaviour = { files: {}, coaching: {}, people: {} };
    const before = { files: files.seen.length, coaching: coaching.seen.length, people: people.seen.length };
    const res = await chat.as(7).get('/search?q=ada&kinds=person,journal');
    expect(res.body.groups.map((g: { kind: string }) => g.kind)).toEqual(['journal', 'person']);
    expect(coaching.seen.length).toBe(before.coaching);
    expect(new URL(people.seen.at(-1)!.url!, 'http://x').searchParams.get('kinds')).toBe('person');
    expect(new URL(files.seen.at(-1)!.url!, 'http://x').searchParams.get('kinds')).toBe('journal');
  });

  test('a domain that fails, answers nonsense or is too slow is named in partial; the rest still answer', async () => {
    behaviour = { files: { status: 500, body: {} }, coaching: { body: { odd: true } }, people: {} };
    const res = await chat.as(7).get('/search?q=migr');
    expect(res.status).toBe(200);
    expect(res.body.partial).toEqual(['files', 'coaching']);
    expect(res.body.groups.map((g: { kind: string }) => g.kind)).toEqual(['person', 'meeting', 'statement']);

    behaviour = { files: {}, coaching: {}, people: { delayMs: 2500 } };
    const started = Date.now();
    const slow = await chat.as(7).get('/search?q=migr');
    expect(Date.now() - started).toBeLessThan(2400);
    expect(slow.body.partial).toEqual(['people']);
    expect(slow.body.groups).toHaveLength(7);
  });

  test('a domain with no URL configured is named in partial', async () => {
    const alone = await startChat({}, { FILES_URL: files.url }, chat.database);
    try {
      behaviour = { files: {}, coaching: {}, people: {} };
      const res = await alone.as(7).get('/search?q=migr');
      expect(res.body.partial).toEqual(['coaching', 'people']);
      expect(res.body.groups.map((g: { kind: string }) => g.kind)).toEqual(['file', 'journal']);
    } finally {
      await alone.close();
    }
  });

  test('bad input is refused with the message, before any domain is asked', async () => {
    const before = files.seen.length;
    const c = chat.as(7);
    expect((await c.get('/search')).body).toEqual(refused(SEARCH_MESSAGES.queryRequired));
    expect((await c.get('/search?q=%20%20')).body).toEqual(refused(SEARCH_MESSAGES.queryRequired));
    expect((await c.get(`/search?q=${'a'.repeat(201)}`)).body).toEqual(refused(SEARCH_MESSAGES.queryTooLong));
    expect((await c.get('/search?q=a&kinds=file,song')).body).toEqual(refused(SEARCH_MESSAGES.unknownKind));
    for (const limit of ['0', '51', '2.5', 'x']) {
      const res = await c.get(`/search?q=a&limit=${limit}`);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(refused(SEARCH_MESSAGES.limit));
    }
    expect(files.seen.length).toBe(before);
  });

  test('needs a session', async () => {
    const anonymous = chat.as(7);
    anonymous.cookie = undefined;
    const res = await anonymous.get('/search?q=a');
    expect(res.status).toBe(401);
  });
});

describe('GET/PATCH /ai_chat/settings', () => {
  test('on by default, changed per account', async () => {
    const a = chat.as(21);
    const b = chat.as(22);
    expect((await a.get('/ai_chat/settings')).body).toEqual({ success: true, settings: { use_other_notes: true } });
    expect((await a.patch('/ai_chat/settings', { use_other_notes: false })).body).toEqual({
      success: true,
      settings: { use_other_notes: false },
    });
    expect((await a.get('/ai_chat/settings')).body.settings.use_other_notes).toBe(false);
    expect((await b.get('/ai_chat/settings')).body.settings.use_other_notes).toBe(true);
    const bad = await a.patch('/ai_chat/settings', { use_other_notes: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual(refused('use_other_notes must be true or false.'));
  });
});
