import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { checkinAddress, journalAddress } from '@cc/contracts/addresses';
import { NOTICE_MESSAGES, PASSAGES_MESSAGES, type SearchKind, type SearchResult } from '@cc/contracts';
import { startChat, startFakePeople, type ChatHarness } from './test-support';

/**
 * `GET /ai_chat/passages` (docs/search.md#answers-that-cite-your-notes): the passages another
 * service's chat (the check-in question chat) may cite, found as for svc-chat's own chats. The
 * domains' searches are stand-ins answering the domain contract, as in references.test.ts.
 */

function result(kind: SearchKind, id: string, title: string, snippet: string, url: string, words: string[]): SearchResult {
  const highlights: Array<[number, number]> = words
    .map((w) => snippet.toLowerCase().indexOf(w.toLowerCase()))
    .map((at, i): [number, number] => [at, at + words[i]!.length])
    .filter(([at]) => at >= 0)
    .sort((a, b) => a[0] - b[0]);
  return { kind, id, title, snippet, highlights, url, updated_at: '2026-11-03T18:00:00.000Z', generated: false };
}

const QUESTION_URL = checkinAddress('end_of_week', '2026-W47', 3);
const JOURNAL = result(
  'journal',
  '2026-11-03',
  'Tue 3 Nov 2026',
  'The platform team is short two engineers, and the migration slipped again.',
  journalAddress('2026-11-03'),
  ['platform', 'team', 'migration'],
);
const THIS_QUESTION = result('checkin', '41', 'What slowed you down?', 'The platform team and the migration again.', QUESTION_URL, [
  'platform',
  'team',
  'migration',
]);

type Domain = 'files' | 'coaching' | 'people';
let found: Record<Domain, { results: SearchResult[]; status?: number }>;

function fakeDomain(name: Domain) {
  const searches: URL[] = [];
  return startFakePeople((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== `/${name}/search`) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, errors: ['Not found'] }));
      return;
    }
    searches.push(url);
    const f = found[name];
    const kinds = url.searchParams.get('kinds')?.split(',') ?? [];
    const groups = kinds
      .map((kind) => ({ kind, results: f.results.filter((r) => r.kind === kind) }))
      .filter((g) => g.results.length)
      .map((g) => ({ ...g, total: g.results.length }));
    res.writeHead(f.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(f.status ? { success: false } : { success: true, groups }));
  }).then((server) => ({ ...server, searches }));
}

let files: Awaited<ReturnType<typeof fakeDomain>>;
let coaching: Awaited<ReturnType<typeof fakeDomain>>;
let people: Awaited<ReturnType<typeof fakeDomain>>;
let chat: ChatHarness;

beforeAll(async () => {
  files = await fakeDomain('files');
  coaching = await fakeDomain('coaching');
  people = await fakeDomain('people');
  chat = await startChat({}, { FILES_URL: files.url, COACHING_URL: coaching.url, PEOPLE_URL: people.url });
});
afterAll(async () => {
  await chat?.close();
  await Promise.all([files?.close(), coaching?.close(), people?.close()]);
});
beforeEach(() => {
  found = { files: { results: [] }, coaching: { results: [] }, people: { results: [] } };
});

const MESSAGE = 'The platform team lost another engineer and the migration is at risk.';
const asked = () => files.searches.length + coaching.searches.length + people.searches.length;
const passagesUrl = (params: Record<string, string>) => `/ai_chat/passages?${new URLSearchParams(params)}`;

describe('GET /ai_chat/passages', () => {
  test('the passages, numbered, as for svc-chat’s own chats; the open object (exclude) is left out; the subject joins the search words', async () => {
    found.files.results = [JOURNAL];
    found.coaching.results = [THIS_QUESTION];
    const res = await chat.as(1).get(passagesUrl({ q: MESSAGE, subject: 'What slowed you down this week?', exclude: QUESTION_URL }));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      passages: [
        {
          n: 1,
          kind: 'journal',
          id: JOURNAL.id,
          title: JOURNAL.title,
          url: JOURNAL.url,
          snippet: JOURNAL.snippet,
          updated_at: JOURNAL.updated_at,
        },
      ],
    });
    const q = coaching.searches.at(-1)!;
    expect(q.searchParams.get('q')).toContain('platform team lost another engineer');
    expect(q.searchParams.get('q')).toContain('slowed');
    expect(q.searchParams.get('own')).toBe('1');
    // Without exclude, the same result is a passage.
    const all = await chat.as(1).get(passagesUrl({ q: MESSAGE }));
    expect(all.body.passages.map((p: { url: string }) => p.url).sort()).toEqual([JOURNAL.url, QUESTION_URL].sort());
  });

  test('with a model named, the notice is said to be due with passages until POST /ai_chat/notice claims it, once per account', async () => {
    const NOTICE =
      'To answer, I read one passage of your notes and sent it to llama3.2; you can turn this off with “Let the coach use my other notes”.';
    const me = chat.as(2);
    const none = await me.get(passagesUrl({ q: MESSAGE, model: 'llama3.2' }));
    expect(none.body).toEqual({ success: true, passages: [] });
    found.files.results = [JOURNAL];
    const first = await me.get(passagesUrl({ q: MESSAGE, model: 'llama3.2' }));
    expect(first.body.notice).toBe(NOTICE);
    // Reading the passages spends nothing (the caller's model may still fail).
    const again = await me.get(passagesUrl({ q: MESSAGE, model: 'llama3.2' }));
    expect(again.body.notice).toBe(NOTICE);
    // The caller's answer is made: it claims the notice, once.
    const claimed = await me.post('/ai_chat/notice', { model: 'llama3.2', passages: 1 });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({ success: true, notice: NOTICE });
    expect((await me.post('/ai_chat/notice', { model: 'llama3.2', passages: 1 })).body).toEqual({ success: true });
    const second = await me.get(passagesUrl({ q: MESSAGE, model: 'llama3.2' }));
    expect(second.body.passages).toHaveLength(1);
    expect(second.body.notice).toBeUndefined();
    // Without a model (the offline coach sends nothing anywhere) there is never a notice.
    const offline = await chat.as(3).get(passagesUrl({ q: MESSAGE }));
    expect(offline.body.passages).toHaveLength(1);
    expect(offline.body.notice).toBeUndefined();
  });

  test('with "Let the coach use my other notes" off: no passages, and no domain is asked', async () => {
    found.files.results = [JOURNAL];
    const me = chat.as(4);
    await me.patch('/ai_chat/settings', { use_other_notes: false });
    const before = asked();
    const res = await me.get(passagesUrl({ q: MESSAGE, model: 'llama3.2' }));
    expect(res.body).toEqual({ success: true, passages: [] });
    expect(asked()).toBe(before);
  });

  test('a failing domain gives no passages from it, never an error', async () => {
    found.files = { results: [JOURNAL], status: 500 };
    const res = await chat.as(5).get(passagesUrl({ q: MESSAGE }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, passages: [] });
  });

  test('bad input: 422 in the contract’s words; signed out: 401', async () => {
    const missing = await chat.as(6).get('/ai_chat/passages?q=%20');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([PASSAGES_MESSAGES.queryRequired]);
    const long = await chat.as(6).get(passagesUrl({ q: MESSAGE, subject: 'x'.repeat(201) }));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual([PASSAGES_MESSAGES.tooLong]);
    const res = await fetch(`${chat.svc.url}${passagesUrl({ q: MESSAGE })}`);
    expect(res.status).toBe(401);
  });
});

describe('POST /ai_chat/notice', () => {
  test('bad input: 422 in the contract’s words; without the CSRF token: 403', async () => {
    const me = chat.as(7);
    const bad = await me.post('/ai_chat/notice', { model: 'llama3.2', passages: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([NOTICE_MESSAGES.invalid]);
    expect((await me.post('/ai_chat/notice', { model: 'llama3.2', passages: 1 }, { csrf: false })).status).toBe(403);
    // Nothing was spent by the refused calls.
    expect((await me.post('/ai_chat/notice', { model: 'llama3.2', passages: 1 })).body.notice).toBeTruthy();
  });
});
