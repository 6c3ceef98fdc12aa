import { afterAll, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { AiMalformedAnswerError, createOfflineCoach, type AiProvider } from '@cc/ai';
import { providerFor, startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { eventually, postEventStream, startChat, startRelay, storedMessages, type ChatHarness } from './test-support';

/** svc-chat with the real `openai` client against the loopback OpenAI-compatible server. */
let model: OpenAiTestServer;
let relay: Awaited<ReturnType<typeof startRelay>>;
let chat: ChatHarness;
beforeAll(async () => {
  model = await startOpenAiTestServer();
  relay = await startRelay(model.baseURL);
  chat = await startChat({ provider: providerFor({ ...model, baseURL: relay.baseURL }, { timeoutMs: 1500 }) });
});
afterAll(async () => {
  await chat?.close();
  await relay?.close();
  await model?.close();
});
beforeEach(() => {
  model.requests.length = 0;
});

const fileChat = {
  file_id: 1,
  folder: 'current-projects',
  file_name: 'billing.md',
  file_content: '# Billing\n',
  mode: 'agent',
  message: 'I led the billing migration.',
};
const UNAVAILABLE = 'The AI coach is not available right now. Please try again in a moment.';
const systemPrompt = (i = 0) => model.requests[i]!.body.messages!.find((m) => m.role === 'system')!.content;

describe('send_message through the openai client', () => {
  test('JSON: the model reply is answered and stored; the prompt has the file, history and mode', async () => {
    model.reply({ content: '  That sounds like a big project. What was the hardest part?  ' });
    const me = chat.as(1);
    const history = [
      { role: 'user', content: 'Earlier message' },
      { role: 'assistant', content: 'Earlier reply' },
      { role: 'system', content: 'local notice' },
    ];
    const res = await me.post('/ai_chat/send_message', { ...fileChat, conversation_history: history });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'That sounds like a big project. What was the hardest part?' });
    expect(await storedMessages(chat.database.db, 1)).toEqual([
      { key: 'file:1', role: 'user', content: 'I led the billing migration.' },
      { key: 'file:1', role: 'assistant', content: 'That sounds like a big project. What was the hardest part?' },
    ]);
    const sent = model.requests[0]!.body;
    expect(sent.stream).toBeFalsy();
    expect(sent.messages!.slice(1)).toEqual([
      { role: 'user', content: 'Earlier message' },
      { role: 'assistant', content: 'Earlier reply' },
      { role: 'user', content: 'I led the billing migration.' },
    ]);
    expect(systemPrompt()).toContain('# Billing');
    expect(systemPrompt()).toContain('Agent mode');

    model.reply({ content: 'Just chatting.' });
    await me.post('/ai_chat/send_message', { ...fileChat, mode: 'ask', file_id: 2 });
    expect(systemPrompt(1)).toContain('Ask mode');
    // Ask mode may name Agent mode (where to switch), never give its instructions.
    expect(systemPrompt(1)).not.toMatch(/^Agent mode/m);
  });

  test("the planning chat: the page's context summary and the user's date reach the model's prompt; bad ones are 422", async () => {
    model.reply({ content: 'Happy to help you plan.' });
    const planning = { folder: 'planning', file_name: 'all_todos.md', file_content: '', mode: 'agent', message: 'What should I do first?' };
    const summary = 'Current todos (1):\n- Prepare the quarterly review (due 2026-12-04) [tags: work]';
    const res = await chat.as(60).post('/ai_chat/send_message', { ...planning, context_summary: summary, today: '2026-11-23' });
    expect(res.status).toBe(200);
    expect(systemPrompt()).toContain('Context:\nCurrent todos (1): - Prepare the quarterly review (due 2026-12-04) [tags: work]');
    expect(systemPrompt()).toContain('2026-11-23');

    const bad = await chat.as(60).post('/ai_chat/send_message', { ...planning, context_summary: 'x'.repeat(4001), today: '2026-02-30' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      'context_summary must be text of at most 4,000 characters',
      'today must be a date written YYYY-MM-DD',
    ]);
  });

  test('only the most recent history reaches the model (40 from svc-chat, of which packages/ai sends 30)', async () => {
    model.reply({ content: 'ok' });
    const history = Array.from({ length: 200 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    expect((await chat.as(2).post('/ai_chat/send_message', { ...fileChat, conversation_history: history })).status).toBe(200);
    const sent = model.requests[0]!.body.messages!.filter((m) => m.role !== 'system');
    expect(sent).toHaveLength(30 + 1); // packages/ai keeps 30 of our 40, plus the new message
    expect(sent.at(-2)!.content).toBe('m199');
  });

  test('SSE: a token event per delta, in order and as they come, then done with the stored reply', async () => {
    const chunks = ['Great', ' work', ' on', ' the', ' migration.', ' What', ' changed?'];
    model.reply({ chunks, delayMs: 20, chunkDelayMs: 60 });
    const me = chat.as(3);
    const { res, events } = await postEventStream(me, '/ai_chat/send_message', { ...fileChat, file_id: 3 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    expect(res.headers.get('content-encoding')).toBeNull();
    const tokens = events.filter((e) => e.event === 'token');
    expect(tokens.map((e) => e.data)).toEqual(chunks.map((text) => ({ text })));
    // Streamed, not buffered: the tokens arrive spread over the model's own pacing.
    expect(tokens.at(-1)!.at - tokens[0]!.at).toBeGreaterThan(200);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ event: 'done', data: { success: true, message: chunks.join('') } });
    expect(events.filter((e) => e.event === 'done')).toHaveLength(1);
    expect(model.requests[0]!.body.stream).toBe(true);
    expect((await storedMessages(chat.database.db, 3)).map((m) => m.content)).toEqual([fileChat.message, chunks.join('')]);
  });

  test('SSE: a model failure is an error event; nothing is stored', async () => {
    model.reply({ status: 503, errorMessage: 'overloaded' });
    const { res, events } = await postEventStream(chat.as(5), '/ai_chat/send_message', { ...fileChat, file_id: 5 });
    expect(res.status).toBe(200);
    expect(events).toEqual([
      {
        event: 'error',
        data: { success: false, error: UNAVAILABLE, errors: [UNAVAILABLE] },
        at: expect.any(Number),
      },
    ]);
    expect(await storedMessages(chat.database.db, 5)).toEqual([]);
  });

  test('SSE: a model stream that ends without its end marker is an error event; the partial reply is not stored', async () => {
    model.reply({ chunks: ['That sounds ', 'like a big '], truncated: true });
    const { res, events } = await postEventStream(chat.as(7), '/ai_chat/send_message', { ...fileChat, file_id: 7 });
    expect(res.status).toBe(200);
    expect(events.filter((e) => e.event === 'token').length).toBe(2);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { success: false, error: UNAVAILABLE, errors: [UNAVAILABLE] },
      at: expect.any(Number),
    });
    expect(events.some((e) => e.event === 'done')).toBe(false);
    expect(await storedMessages(chat.database.db, 7)).toEqual([]);
  });

  test('SSE: a validation error still answers JSON (422)', async () => {
    const { res, json } = await postEventStream(chat.as(5), '/ai_chat/send_message', { file_id: 5, message: '' });
    expect(res.status).toBe(422);
    expect(json).toEqual({ success: false, error: 'Message is required', errors: ['Message is required'] });
  });
});

describe('a client that goes away', () => {
  // Two earlier changes (a longer stream, a looser wait) took away its timing window, yet a run on
  // a busy 2-core machine still saw the abort arrive late once: one retry, logged, rather than a
  // red run; a real regression (svc-chat not closing the model connection) fails both tries.
  jest.retryTimes(1, { logErrorsBeforeRetry: true });

  test('SSE: a client that disconnects mid-stream aborts the model request; nothing is stored', async () => {
    // A chat whose model budget (60 s) outlasts the stream (400 chunks 50 ms apart, 20 s): only the
    // client going away can close the model connection before the stream ends. No timing window,
    // so a loaded machine cannot make it fail.
    const patient = await startChat(
      { provider: providerFor({ ...model, baseURL: relay.baseURL }, { timeoutMs: 60_000 }) },
      {},
      chat.database,
    );
    // Closed whatever happens: a failed try must not leave a server open (jest would not exit).
    try {
      const chunks = Array.from({ length: 400 }, (_, i) => `word${i} `);
      model.reply({ chunks, chunkDelayMs: 50 });
      const abortedBefore = relay.abortedMidStream;
      const abort = new AbortController();
      let abortedAt = 0;
      let tokens = 0;
      await postEventStream(
        patient.as(4),
        '/ai_chat/send_message',
        { ...fileChat, file_id: 4 },
        {
          signal: abort.signal,
          onEvent: (e) => {
            if (e.event === 'token' && ++tokens === 3) {
              abortedAt = Date.now();
              abort.abort();
            }
          },
        },
      ).catch((err: Error) => expect(err.name).toBe('AbortError'));
      expect(abortedAt).toBeGreaterThan(0);
      // svc-chat closes its connection to the model while the answer is still streaming.
      expect(await eventually(() => relay.abortedMidStream > abortedBefore, 15_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(await storedMessages(chat.database.db, 4)).toEqual([]);
      expect((await patient.as(4).get('/ai_chat/conversation?file_id=4')).body.messages).toEqual([]);
    } finally {
      await patient.close();
    }
  });
});

describe('model failures: {success:false, error} with 502, never a 500, nothing stored', () => {
  const cases: [string, Parameters<OpenAiTestServer['reply']>[0], string][] = [
    ['an HTTP 500', { status: 500 }, 'The AI coach is not available right now. Please try again in a moment.'],
    ['an empty answer', { content: '   ' }, 'The AI coach gave an empty answer. Please try again.'],
    [
      'a slow model (past AI_TIMEOUT_MS)',
      { content: 'too late', delayMs: 3000 },
      'The AI coach took too long to answer. Please try again.',
    ],
  ];
  test.each(cases)('send_message: %s', async (_name, reply, error) => {
    model.reply(reply);
    const me = chat.as(6);
    const res = await me.post('/ai_chat/send_message', { ...fileChat, file_id: 6 });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, error, errors: [error] });
    expect(await storedMessages(chat.database.db, 6)).toEqual([]);
  });

  test('suggest_edits: an HTTP 500 and a timeout', async () => {
    model.reply({ status: 500 }, { content: 'late', delayMs: 3000 });
    const me = chat.as(7);
    const body = { file_content: '# Notes\n', file_name: 'n.md', folder: 'x', conversation_history: [{ role: 'user', content: 'fact' }] };
    const first = await me.post('/ai_chat/suggest_edits', body);
    expect(first.status).toBe(502);
    expect(first.body).toMatchObject({ success: false, error: 'The AI coach is not available right now. Please try again in a moment.' });
    const second = await me.post('/ai_chat/suggest_edits', body);
    expect(second.body).toMatchObject({ success: false, error: 'The AI coach took too long to answer. Please try again.' });
  });

  test('suggest_edits through the model: the answer (unfenced) is diffed against the file', async () => {
    model.reply({ content: '```markdown\n# Notes\n- fact\n```' });
    const res = await chat.as(7).post('/ai_chat/suggest_edits', {
      file_content: '# Notes\n',
      file_name: 'n.md',
      folder: 'x',
      conversation_history: [{ role: 'user', content: 'fact' }],
    });
    expect(res.body).toEqual({
      success: true,
      suggested_content: '# Notes\n- fact\n',
      diff: [
        { type: 'unchanged', content: '# Notes' },
        { type: 'added', content: '- fact' },
      ],
    });
  });

  test('a malformed-answer error from the provider maps to its message', async () => {
    const offline = createOfflineCoach();
    const failing: AiProvider = {
      ...offline,
      chatReply: async () => {
        throw new AiMalformedAnswerError('bad', '{');
      },
    };
    const other = await startChat({ provider: failing });
    try {
      const res = await other.as(1).post('/ai_chat/send_message', fileChat);
      expect(res.status).toBe(502);
      expect(res.body.error).toBe('The AI coach gave an answer that could not be used. Please try again.');
      const broken: AiProvider = {
        ...offline,
        chatReply: async () => {
          throw new TypeError('a bug');
        },
      };
      const third = await startChat({ provider: broken }, {}, other.database);
      const res2 = await third.as(1).post('/ai_chat/send_message', fileChat);
      await third.close();
      expect(res2.status).toBe(502);
      expect(res2.body.error).toBe('The AI coach could not answer. Please try again.');
      expect(await storedMessages(other.database.db)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  test('status names the configured model', async () => {
    expect((await chat.as(1).get('/ai_chat/status')).body).toEqual({ success: true, provider: 'openai-compatible', model: 'test-model' });
  });
});
