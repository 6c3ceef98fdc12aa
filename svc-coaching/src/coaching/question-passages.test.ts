import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COACHING_MESSAGES as M, type PassagesAnswer } from '@cc/contracts';
import { checkinAddress, journalAddress } from '@cc/contracts/addresses';
import { createAiProvider, notesNotice, type ChatPassage, type ChatReplyInput } from '@cc/ai';
import { modelEnv, startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { freshDatabase, signIn, startTestService, TestClient, type RunningService, type TestDatabase } from '@cc/service-kit/testing';
import { coachingService } from '../service';
import { firstQuestion, startCoaching, type CoachingHarness } from '../test-support';

/**
 * The check-in question chat cites the user's other notes (docs/search.md#answers-that-cite-your-notes):
 * before a reply it asks svc-chat for the passages (`GET /ai_chat/passages`, as the caller), and
 * keeps the references its reply cites. svc-chat is a stand-in here (its own tests find the passages).
 */

const JOURNAL: ChatPassage = {
  n: 1,
  kind: 'journal',
  id: '2026-11-03',
  title: 'Tue 3 Nov 2026',
  url: journalAddress('2026-11-03'),
  snippet: 'Long day. The platform team is short two engineers, and the migration slipped again. Ada wants a plan by Friday.',
  updated_at: '2026-11-03T18:00:00.000Z',
};
const DENTIST: ChatPassage = {
  n: 2,
  kind: 'todo',
  id: '31',
  title: 'Book the dentist',
  url: '/planning?tab=todos&todo=31',
  snippet: 'Book the dentist',
  updated_at: '2026-11-20T09:00:00.000Z',
};
const reference = ({ updated_at: _, ...r }: ChatPassage) => r;

/**
 * A stand-in svc-chat: what `GET /ai_chat/passages` answers (a status, a delay), whether its
 * one-time notice is still to be claimed (`POST /ai_chat/notice` spends it), and every request it got.
 */
const chat = {
  answer: { status: 200, body: { success: true, passages: [] } as unknown, delayMs: 0 },
  noticeDue: false,
  requests: [] as { method: string; url: URL; cookie: string | undefined; csrf: string | undefined; body: string }[],
};
const chatServer = createServer((req: IncomingMessage, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let text = '';
  req.on('data', (chunk: Buffer) => (text += chunk.toString()));
  req.on('end', () => {
    const csrf = req.headers['x-csrf-token'];
    chat.requests.push({
      method: req.method ?? 'GET',
      url,
      cookie: req.headers.cookie,
      csrf: typeof csrf === 'string' ? csrf : undefined,
      body: text,
    });
    if (req.method === 'POST' && url.pathname === '/ai_chat/notice') {
      const { model, passages } = JSON.parse(text) as { model: string; passages: number };
      const notice = chat.noticeDue ? notesNotice(passages, model) : undefined;
      chat.noticeDue = false;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, ...(notice ? { notice } : {}) }));
      return;
    }
    const { status, body, delayMs } = url.pathname === '/ai_chat/passages' ? chat.answer : { status: 404, body: {}, delayMs: 0 };
    const timer = setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    }, delayMs);
    res.on('close', () => clearTimeout(timer));
  });
});
const passagesAsked = () => chat.requests.filter((r) => r.url.pathname === '/ai_chat/passages');
const noticeClaims = () => chat.requests.filter((r) => r.url.pathname === '/ai_chat/notice');
let chatUrl = '';
const passagesAnswer = (passages: ChatPassage[], notice?: string): PassagesAnswer => ({
  success: true,
  passages,
  ...(notice ? { notice } : {}),
});

/** The offline coach, keeping every chat reply's input (what the coach was handed). */
const inputs: ChatReplyInput[] = [];
const coach = createAiProvider({});
const recording = new Proxy(coach, {
  get(target, prop, receiver) {
    if (prop === 'chatReply')
      return (input: ChatReplyInput) => {
        inputs.push(input);
        return target.chatReply(input);
      };
    const value = Reflect.get(target, prop, receiver);
    return typeof value === 'function' ? value.bind(target) : value;
  },
});

let database: TestDatabase;
let svc: RunningService;
let withoutChat: CoachingHarness;
let nextUser = 40_000;
const user = (url = svc.url) => signIn(new TestClient(url), nextUser++);
let question: { id: number; text: string };
const WEEK = '2026-W48';

beforeAll(async () => {
  await new Promise<void>((resolve) => chatServer.listen(0, '127.0.0.1', resolve));
  chatUrl = `http://127.0.0.1:${(chatServer.address() as AddressInfo).port}`;
  database = await freshDatabase();
  svc = await startTestService(coachingService, database.db, { env: { CHAT_URL: chatUrl }, aiProvider: recording });
  withoutChat = await startCoaching({}, database);
  question = await firstQuestion(user(), 'end_of_week', WEEK);
});
afterAll(async () => {
  await withoutChat?.close();
  await svc?.close();
  await database?.drop();
  chatServer.closeAllConnections();
  await new Promise<void>((resolve) => chatServer.close(() => resolve()));
});
beforeEach(() => {
  chat.answer = { status: 200, body: passagesAnswer([]), delayMs: 0 };
  chat.noticeDue = false;
  chat.requests.length = 0;
  inputs.length = 0;
});

const ANSWER = 'The platform team lost another engineer in the reorg, so the migration slipped by a week.';
const send = (c: TestClient, message: string) =>
  c.post('/coaching/onboarding_send_message', { question_id: question.id, period_key: WEEK, message });
const conversation = (c: TestClient) => c.get(`/coaching/onboarding_conversation?question_id=${question.id}&period_key=${WEEK}`);

describe('the question chat cites the user’s other notes', () => {
  test('the passages reach the coach; the reply cites one: its reference is answered, stored and read back; the uncited one is not', async () => {
    chat.answer.body = passagesAnswer([JOURNAL, DENTIST]);
    const c = user();
    const res = await send(c, ANSWER);
    expect(res.status).toBe(200);
    expect(inputs.at(-1)!.passages).toEqual([JOURNAL, DENTIST]);
    expect(res.body.response).toMatch(/In your journal on 3 November you (wrote|noted): "The platform team is short two engineers/);
    expect(res.body.response).toContain('[1].');
    expect(res.body.response).not.toContain('[2]');
    expect(res.body.references).toEqual([reference(JOURNAL)]);
    // The offline coach sends nothing anywhere: no model named, no notice, none claimed.
    expect(res.body.notice).toBeUndefined();
    expect(noticeClaims()).toEqual([]);
    expect(res.body.score).toEqual(expect.any(Number));

    // Asked as the caller, for this message, with the question's words, its own check-in left out.
    const asked = passagesAsked().at(-1)!;
    expect(asked.url.pathname).toBe('/ai_chat/passages');
    expect(asked.url.searchParams.get('q')).toBe(ANSWER);
    expect(asked.url.searchParams.get('subject')).toBe(question.text);
    expect(asked.url.searchParams.get('exclude')).toBe(checkinAddress('end_of_week', WEEK, question.id));
    expect(asked.url.searchParams.has('model')).toBe(false);
    expect(asked.cookie).toContain(c.cookie!);

    const stored = (await conversation(c)).body;
    expect(stored.messages).toEqual([
      { role: 'user', content: ANSWER },
      { role: 'assistant', content: res.body.response, references: [reference(JOURNAL)] },
    ]);

    // The next reply is given the words of the conversation, not its references.
    await send(c, 'Yes, the same team, and Ada still wants the plan.');
    expect(inputs.at(-1)!.history).toEqual([
      { role: 'user', content: ANSWER },
      { role: 'assistant', content: res.body.response },
    ]);
  });

  test('a reply that cites nothing has no references, and its message none stored', async () => {
    chat.answer.body = passagesAnswer([DENTIST]);
    const c = user();
    const res = await send(c, ANSWER);
    expect(inputs.at(-1)!.passages).toEqual([DENTIST]);
    expect(res.body.references).toBeUndefined();
    expect(res.body.response).not.toMatch(/\[\d\]/);
    expect((await conversation(c)).body.messages[1]).toEqual({ role: 'assistant', content: res.body.response });
  });

  test('the automatic first message asks for no passages', async () => {
    const res = await send(user(), M.reflectingOn(question.text));
    expect(res.status).toBe(200);
    expect(chat.requests).toHaveLength(0);
    expect(inputs.at(-1)!.passages).toBeUndefined();
  });

  test('svc-chat failing, late or not there: the chat answers without passages', async () => {
    chat.answer = { status: 500, body: { success: false, errors: ['down'] }, delayMs: 0 };
    const failed = await send(user(), ANSWER);
    expect(failed.status).toBe(200);
    expect(failed.body.response).toBeTruthy();
    expect(failed.body.references).toBeUndefined();
    expect(inputs.at(-1)!.passages).toBeUndefined();

    chat.answer = { status: 200, body: passagesAnswer([JOURNAL]), delayMs: 3000 };
    const started = Date.now();
    const late = await send(user(), ANSWER);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(late.status).toBe(200);
    expect(late.body.references).toBeUndefined();

    chat.answer = { status: 200, body: { success: true, passages: 'none' }, delayMs: 0 };
    const odd = await send(user(), ANSWER);
    expect([odd.status, odd.body.references]).toEqual([200, undefined]);
  });

  test('without CHAT_URL, svc-chat is not asked', async () => {
    chat.answer.body = passagesAnswer([JOURNAL]);
    const res = await send(user(withoutChat.svc.url), ANSWER);
    expect(res.status).toBe(200);
    expect(res.body.references).toBeUndefined();
    expect(chat.requests).toHaveLength(0);
  });
});

describe('the question chat through a model', () => {
  let model: OpenAiTestServer;
  let m: RunningService;
  beforeAll(async () => {
    model = await startOpenAiTestServer();
    m = await startTestService(coachingService, database.db, { env: { ...modelEnv(model), CHAT_URL: chatUrl } });
  });
  afterAll(async () => {
    await m?.close();
    await model?.close();
  });

  const scoreRequest = (body: { messages?: { content: string }[] }) => body.messages?.some((x) => x.content.includes('score'));

  const NOTICE =
    'To answer, I read two passages of your notes and sent them to test-model; you can turn this off with “Let the coach use my other notes”.';

  test('the model is named to svc-chat, its notice is claimed and answered; the passages are in the prompt; a stray [7] is removed', async () => {
    chat.answer.body = passagesAnswer([JOURNAL, DENTIST], NOTICE);
    chat.noticeDue = true;
    model.requests.length = 0;
    model.fallback = (body) =>
      scoreRequest(body)
        ? { content: JSON.stringify({ score: 64, feedback: 'Concrete; say what you will change.' }) }
        : { content: 'Your journal said the team was already short [1]. What could you change about it [7]?' };
    const c = user(m.url);
    const res = await send(c, ANSWER);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      response: 'Your journal said the team was already short [1]. What could you change about it?',
      score: 64,
      score_feedback: 'Concrete; say what you will change.',
      references: [reference(JOURNAL)],
      notice: NOTICE,
    });
    expect(passagesAsked().at(-1)!.url.searchParams.get('model')).toBe('test-model');
    // Claimed after the reply, as the caller (the session and the CSRF token of the request).
    const claims = noticeClaims();
    expect(claims.map((r) => [r.method, JSON.parse(r.body)])).toEqual([['POST', { model: 'test-model', passages: 2 }]]);
    expect(chat.requests.at(-1)).toBe(claims[0]);
    expect(claims[0]!.cookie).toContain(c.cookie!);
    expect(claims[0]!.csrf).toBe(c.csrf);
    const prompt = model.requests
      .find((r) => !scoreRequest(r.body))!
      .body.messages!.map((x) => x.content)
      .join('\n');
    expect(prompt).toContain('[1] your journal on 3 November:');
    expect(prompt).toContain(JOURNAL.snippet);
    expect((await conversation(c)).body.messages[1].references).toEqual([reference(JOURNAL)]);
  });

  test('a model that fails once: the notice is not spent, and comes with the answer that succeeds', async () => {
    chat.answer.body = passagesAnswer([JOURNAL, DENTIST], NOTICE);
    chat.noticeDue = true;
    let down = true;
    model.fallback = (body) =>
      scoreRequest(body)
        ? { content: JSON.stringify({ score: 64, feedback: 'Concrete; say what you will change.' }) }
        : down
          ? { status: 500, errorMessage: 'down' }
          : { content: 'Your journal said the team was already short [1]. What changed since?' };
    const c = user(m.url);
    const failed = await send(c, ANSWER);
    expect(failed.status).toBe(502);
    expect(failed.body.notice).toBeUndefined();
    expect(noticeClaims()).toEqual([]);
    expect(chat.noticeDue).toBe(true);

    down = false;
    const ok = await send(c, ANSWER);
    expect(ok.status).toBe(200);
    expect(ok.body.notice).toBe(NOTICE);
    expect(noticeClaims()).toHaveLength(1);

    // Told once: the next answer carries no notice.
    const next = await send(c, 'Yes, and Ada still wants the plan.');
    expect(next.status).toBe(200);
    expect(next.body.notice).toBeUndefined();
  });
});
