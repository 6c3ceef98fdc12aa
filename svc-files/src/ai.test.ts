/**
 * The model path: svc-files with AI_BASE_URL pointing at the OpenAI-compatible test server of
 * @cc/ai (the real `openai` client on loopback), through a TCP relay that records when the
 * service closes its connection to the model.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { freshDatabase, type TestDatabase } from '@cc/service-kit/testing';
import { startFiles, type FilesHarness } from './test-support';

/** Relays TCP to the test server; counts connections and notes each close from the service. */
interface Relay {
  baseURL: string;
  opened: number;
  closed: number;
  close(): Promise<void>;
}

async function startRelay(target: OpenAiTestServer): Promise<Relay> {
  const url = new URL(target.baseURL);
  const sockets = new Set<Socket>();
  const relay: Relay = { baseURL: '', opened: 0, closed: 0, close: async () => {} };
  const server: Server = createServer((inbound) => {
    relay.opened += 1;
    const outbound = connect(Number(url.port), url.hostname);
    sockets.add(inbound).add(outbound);
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('close', () => {
      relay.closed += 1;
      outbound.destroy();
    });
    outbound.on('close', () => inbound.destroy());
    inbound.on('error', () => {});
    outbound.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  relay.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return relay;
}

let model: OpenAiTestServer;
let relay: Relay;
let database: TestDatabase;
let h: FilesHarness;

const env = (extra: Record<string, string> = {}) => ({
  AI_BASE_URL: relay.baseURL,
  AI_MODEL: 'test-model',
  AI_API_KEY: 'test-key',
  AI_MAX_RETRIES: '0',
  AI_TIMEOUT_MS: '5000',
  ...extra,
});

beforeAll(async () => {
  model = await startOpenAiTestServer();
  relay = await startRelay(model);
  database = await freshDatabase();
  h = await startFiles(env(), database);
});
afterAll(async () => {
  await h?.close();
  await relay?.close();
  await model?.close();
  await database?.drop();
});
beforeEach(() => {
  model.requests.length = 0;
  model.fallback = undefined;
});

const json = (suggestions: { name: string; description: string }[]) => ({ content: JSON.stringify({ suggestions }) });
const s = (name: string) => ({ name, description: `About ${name}` });
const lastMessages = () => model.requests.at(-1)!.body.messages!;

describe('suggestions from the model', () => {
  test('the first GET asks the model once (default count 5); existing, rejected and repeated names are dropped', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'work-profile' });
    await c.post('/profile/reject_suggested_folder', { name: 'Career Goals' });
    model.reply(
      json([
        s('Work Profile'),
        s('career_goals'),
        s('side-projects'),
        s('side projects'),
        s('mentoring'),
        s('learning'),
        s('health'),
        s('money'),
        s('extra'),
      ]),
    );
    const res = await c.get('/profile/suggested_folders');
    expect(res.body).toEqual({
      success: true,
      suggestions: [s('side-projects'), s('mentoring'), s('learning'), s('health'), s('money')].map((x) => ({
        ...x,
        description: `About ${x.name}`,
      })),
    });
    expect(model.requests).toHaveLength(1);
    const [system, user] = lastMessages();
    expect(system!.content).toContain('career coach');
    expect(user!.content).toContain('Suggest 5 folders');
    expect(user!.content).toContain('Folders I already have: work-profile.');
    expect(user!.content).toContain('Suggestions I rejected: Career Goals.');
    expect(model.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    // Stored: the next read asks nobody.
    expect((await c.get('/profile/suggested_folders')).body).toEqual(res.body);
    expect(model.requests).toHaveLength(1);
  });

  test('regenerate sends the edited prompt to the model and stores the answer (count respected)', async () => {
    const c = h.user();
    model.reply(json([s('alpha'), s('beta'), s('gamma')]));
    const res = await c.post('/profile/regenerate_suggested_folders', {
      system: 'EDITED SYSTEM PROMPT',
      user: 'Give me two folders about gardening.',
      count: '2',
    });
    expect(res.body).toEqual({ success: true, suggestions: [s('alpha'), s('beta')] });
    const [system, user] = lastMessages();
    expect(system).toMatchObject({ role: 'system', content: expect.stringMatching(/^EDITED SYSTEM PROMPT/) });
    expect(user).toEqual({ role: 'user', content: 'Give me two folders about gardening.' });
    expect((await c.get('/profile/suggested_folders')).body.suggestions).toEqual([s('alpha'), s('beta')]);
    expect(model.requests).toHaveLength(1);
  });

  test('file suggestions: edited prompt, names made into .md files, the folder’s files left out', async () => {
    const c = h.user();
    await c.post('/files', { file: { folder: 'garden', name: 'tomatoes' } });
    model.reply(json([s('Tomatoes'), s('Raised Beds'), s('compost_plan.md')]));
    const res = await c.post('/profile/regenerate_suggested_files', { folder: 'garden', system: 'S', user: 'U files', count: 5 });
    expect(res.body.suggestions).toEqual([
      { name: 'raised-beds.md', description: 'About Raised Beds' },
      { name: 'compost-plan.md', description: 'About compost_plan.md' },
    ]);
    expect(lastMessages().at(-1)).toEqual({ role: 'user', content: 'U files' });
    // The default prompt (GET) names the folder's files and asks for the count.
    const prompt = await c.get('/profile/file_suggestion_prompt?folder=garden&count=4');
    expect(prompt.body.user).toContain('Suggest 4 files for my folder "garden".');
    expect(prompt.body.user).toContain('Files already in it: tomatoes.md.');
  });
});

describe('POST /files/summarize with a model', () => {
  test('empty content clears the summary without asking the model', async () => {
    const c = h.user();
    const id = (await c.post('/files', { file: { folder: 'f', name: 'x' } })).body.file.id;
    await c.patch(`/files/${id}/summary`, { summary: 'old' });
    expect((await c.post('/files/summarize', { file_id: id, folder: 'f', file_name: 'x.md', content: '   ' })).body).toEqual({
      success: true,
      summary: '',
      summary_revision: 3,
    });
    expect((await c.get(`/files/${id}`)).body.file.summary).toBe('');
    expect(model.requests).toHaveLength(0);
  });

  test('content goes to the model; its summary is answered and saved', async () => {
    const c = h.user();
    const id = (await c.post('/files', { file: { folder: 'f', name: 'y', content: 'Shipped billing v2.' } })).body.file.id;
    model.reply({ content: 'Shipped billing v2 on time.' });
    expect((await c.post('/files/summarize', { file_id: id, content: 'Shipped billing v2.' })).body).toEqual({
      success: true,
      summary: 'Shipped billing v2 on time.',
      summary_revision: 2,
    });
    expect(JSON.stringify(lastMessages())).toContain('Shipped billing v2.');
    expect((await c.get(`/files/${id}`)).body.file.summary).toBe('Shipped billing v2 on time.');
  });
});

describe('POST /profile/generate_file_draft with a model', () => {
  test('the edited prompts reach the model; the draft is answered, not saved', async () => {
    const c = h.user();
    model.reply({ content: '# Leading Under Pressure\n\n## Situation\n- [fill in]' });
    const res = await c.post('/profile/generate_file_draft', {
      system: 'DRAFT SYSTEM',
      user: 'DRAFT USER',
      folder: 'interview-stories',
      name: 'leading_under_pressure',
      description: 'x',
    });
    expect(res.body).toEqual({ success: true, draft: '# Leading Under Pressure\n\n## Situation\n- [fill in]\n' });
    expect(lastMessages()).toEqual([
      { role: 'system', content: 'DRAFT SYSTEM' },
      { role: 'user', content: 'DRAFT USER' },
    ]);
    expect((await c.get('/files')).body).toEqual({});
  });

  test('without edited prompts the defaults for the folder and name are used', async () => {
    model.reply({ content: '# Plan' });
    await h.user().post('/profile/generate_file_draft', { folder: 'career-goals', name: 'five year plan' });
    expect(lastMessages()[1]!.content).toContain('Draft the file "five year plan.md" in my folder "career-goals".');
  });

  test('the default draft prompt carries the folder description and the opening of its other files', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'qa-notes', description: 'Notes from QA sessions' });
    await c.post('/files', {
      file: { folder: 'qa-notes', name: 'login bugs', description: 'Bugs in login', content: 'The release on 3 March broke login.' },
    });
    model.reply({ content: '# Release checklist' });
    await c.post('/profile/generate_file_draft', { folder: 'qa-notes', name: 'release checklist' });
    const [system, user] = lastMessages();
    expect(user!.content).toContain('The folder is for: Notes from QA sessions');
    expect(user!.content).toContain('- login bugs.md: Bugs in login');
    expect(user!.content).toContain('The release on 3 March broke login.');
    expect(system!.content).toContain('Never use square-bracket placeholders');
  });

  test('when the client goes away, the model call is aborted: the model sees its connection closed', async () => {
    const c = h.user();
    model.reply({ content: 'too late', delayMs: 10_000 });
    const closedBefore = relay.closed;
    const controller = new AbortController();
    const started = Date.now();
    const call = fetch(`${h.svc.url}/profile/generate_file_draft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `cc_session=${c.cookie}`, 'x-csrf-token': c.csrf! },
      body: JSON.stringify({ folder: 'f', name: 'slow' }),
      signal: controller.signal,
    }).catch((err: unknown) => err);
    while (model.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect(await call).toMatchObject({ name: 'AbortError' });
    while (relay.closed === closedBefore && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 10));
    expect(relay.closed).toBeGreaterThan(closedBefore);
    expect(Date.now() - started).toBeLessThan(3_000);
    // The service is fine afterwards.
    model.reply({ content: '# Next' });
    expect((await c.post('/profile/generate_file_draft', { folder: 'f', name: 'next' })).body).toEqual({
      success: true,
      draft: '# Next\n',
    });
  });
});

describe('AI failures', () => {
  const UNAVAILABLE = 'The AI model is not available right now. Please try again later.';

  test('an endpoint error is a 502 with its errors, never a 500; nothing is stored', async () => {
    const c = h.user();
    model.reply({ status: 500 });
    const res = await c.get('/profile/suggested_folders');
    expect([res.status, res.body]).toEqual([502, { success: false, errors: [UNAVAILABLE] }]);
    model.reply({ status: 503 });
    expect((await c.post('/files/summarize', { content: 'text' })).status).toBe(502);
    model.reply({ status: 401, errorMessage: 'bad key' });
    expect((await c.post('/profile/generate_file_draft', { folder: 'f', name: 'n' })).body).toEqual({
      success: false,
      errors: [UNAVAILABLE],
    });
    model.reply(json([s('later')]));
    expect((await c.get('/profile/suggested_folders')).body.suggestions).toEqual([s('later')]);
  });

  test('a malformed structured answer (twice) is a 502 with its message', async () => {
    model.reply({ content: 'not json at all' }, { content: '{"suggestions": "nope"}' });
    const res = await h.user().post('/profile/regenerate_suggested_folders', { count: 3 });
    const message = 'The AI model gave an answer that could not be used. Please try again.';
    expect([res.status, res.body]).toEqual([502, { success: false, errors: [message] }]);
    expect(model.requests).toHaveLength(2);
  });

  test('a model slower than AI_TIMEOUT_MS is a 502 saying so', async () => {
    const slow = await startFiles(env({ AI_TIMEOUT_MS: '300' }), database);
    try {
      model.reply({ content: 'late', delayMs: 3_000 });
      const res = await slow.user().post('/profile/generate_file_draft', { folder: 'f', name: 'n' });
      const message = 'The AI model took too long to answer. Please try again.';
      expect([res.status, res.body]).toEqual([502, { success: false, errors: [message] }]);
    } finally {
      await slow.close();
    }
  });

  test('AI calls are rate-limited per user (AI_RATE_LIMIT_PER_MINUTE): 429 with Retry-After', async () => {
    const limited = await startFiles(env({ AI_RATE_LIMIT_PER_MINUTE: '2' }), database);
    try {
      model.fallback = () => ({ content: '# Draft' });
      const c = limited.user();
      for (let i = 0; i < 2; i++) expect((await c.post('/profile/generate_file_draft', { folder: 'f', name: 'n' })).status).toBe(200);
      const res = await c.post('/profile/generate_file_draft', { folder: 'f', name: 'n' });
      const message = 'Too many AI requests. Please wait a minute and try again.';
      expect([res.status, res.body]).toEqual([429, { success: false, errors: [message] }]);
      // The seconds left of the minute: 60 at once, fewer on a machine slow enough to take a while over the calls before.
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await limited.user().post('/profile/generate_file_draft', { folder: 'f', name: 'n' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
