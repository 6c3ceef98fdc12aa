import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { freshDatabase, type TestDatabase } from '@cc/service-kit/testing';
import { signIn, startPeople } from '../test-support';
import { TestClient } from '@cc/service-kit/testing';
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { PROFILE_MESSAGES } from '@cc/contracts';
import { bossDb } from '@cc/service-kit';
import { BOSS_SCHEMA, prepareQueues, QUEUE, stopAllProfileJobs } from './jobs';

let database: TestDatabase;
let model: OpenAiTestServer;

beforeAll(async () => {
  database = await freshDatabase();
  model = await startOpenAiTestServer();
});
afterAll(async () => {
  await stopAllProfileJobs();
  await model?.close();
  await database?.drop();
});

const MARKDOWN = '# Profile\n\nInformation from profile details:\n- I lead the platform team.\n\nReferences\n- details';
const env = () => ({ AI_BASE_URL: model.baseURL, AI_MODEL: 'test-model', AI_API_KEY: 'k' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Each test starts and stops the service and its job queue: more than the default 20 s on a busy machine.
const SLOW_TEST_MS = 60_000;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const v = await read();
    if (ok(v)) return v;
    await sleep(100);
  }
  throw new Error('never reached');
}

test(
  'deep research survives a restart of the service, runs once at a time, and the call answers when it is done',
  async () => {
    const a = await startPeople(env(), database);
    const c = a.user();
    model.reply({ content: MARKDOWN, delayMs: 60_000 }, { content: MARKDOWN });
    // Two requests for one user: one generation (the second joins the first).
    const first = c.post('/profile/generate', { details: { full_name: 'Jane' }, research_mode: 'deep' }).catch(() => undefined);
    const second = c.post('/profile/generate', { research_mode: 'deep' }).catch(() => undefined);
    const running = await until(
      () => c.get('/profile/generation_status'),
      (r) => r.body.generation?.phase === 'writing',
    );
    expect(running.body.generation).toMatchObject({ research_mode: 'deep', state: 'running', attempts: 1 });
    expect(running.body.generation.progress).toBeGreaterThan(0);

    await stopAllProfileJobs();
    await a.svc.close();
    void first;
    void second;

    const b = await startPeople(env(), database);
    const again = Object.assign(signIn(new TestClient(b.svc.url), c.id), { cookie: c.cookie, csrf: c.csrf });
    const done = await until(
      () => again.get('/profile/generation_status'),
      (r) => r.body.generation?.state === 'done',
    );
    expect(done.body.generation).toMatchObject({
      id: running.body.generation.id,
      state: 'done',
      phase: 'done',
      progress: 100,
      attempts: 2,
    });
    expect((await again.get('/profile')).body.statements).toEqual([
      { text: 'I lead the platform team.', source: 'profile details', source_url: '/dashboard?about=me' },
    ]);
    // The model was asked twice in all: once before the restart, once after; never by both requests.
    expect(model.requests).toHaveLength(2);

    model.reply({ content: MARKDOWN });
    const direct = await again.post('/profile/generate', { research_mode: 'deep' });
    expect(direct.status).toBe(200);
    expect(direct.body).toMatchObject({ success: true, markdown: MARKDOWN, research_mode: 'deep' });
    await stopAllProfileJobs();
    await b.svc.close();
  },
  SLOW_TEST_MS,
);

test(
  'a deep research can be cancelled: the waiting call answers 409 and nothing is written',
  async () => {
    const s = await startPeople(env(), database);
    const c = s.user();
    model.reply({ content: MARKDOWN, delayMs: 60_000 });
    const call = c.post('/profile/generate', { details: { full_name: 'Jane' }, research_mode: 'deep' });
    await until(
      () => c.get('/profile/generation_status'),
      (r) => r.body.generation?.state === 'running',
    );
    const cancelled = await c.post('/profile/cancel_generation', {});
    expect(cancelled.body).toMatchObject({ success: true, cancelled: true, generation: { state: 'cancelled' } });
    const answer = await call;
    expect(answer.status).toBe(409);
    expect((await c.get('/profile')).body.ai_profile_markdown).toBe('');
    expect((await c.post('/profile/cancel_generation', {})).body.cancelled).toBe(false);
    await stopAllProfileJobs();
    await s.svc.close();
  },
  SLOW_TEST_MS,
);

/**
 * What a process that died mid-run leaves: its generation running and its job active, started
 * `minutesAgo` (pg-boss expires a job 20 minutes after its start). `retryLimit` 0: its last try.
 */
async function leftByADeadProcess(userId: number, minutesAgo: number, retryLimit?: number): Promise<number> {
  const jobId = randomUUID();
  const details = { full_name: 'Jane', company: '', company_description: '', role: '', extra: '' };
  const [row] = (await database
    .db('people.profile_generations')
    .insert({
      user_id: userId,
      research_mode: 'deep',
      state: 'running',
      phase: 'writing',
      progress: 45,
      attempts: 1,
      request: JSON.stringify({ details, evidence: [] }),
      job_id: jobId,
      started_at: database.db.raw(`now() - interval '${minutesAgo} minutes'`),
    })
    .returning('id')) as { id: number }[];
  const boss = new PgBoss({ db: bossDb(database.db) as PgBoss.Db, schema: BOSS_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  try {
    await prepareQueues(boss);
    await boss.send(QUEUE, { generation: row!.id }, { id: jobId, ...(retryLimit === undefined ? {} : { retryLimit }) });
    expect((await boss.fetch(QUEUE))?.map((j) => j.id)).toEqual([jobId]);
    await database.db.raw(`update ${BOSS_SCHEMA}.job set started_on = now() - interval '${minutesAgo} minutes' where id = ?`, [jobId]);
  } finally {
    // Stopped without failing its job, as a process that died would leave it.
    await boss.stop({ graceful: false, close: false });
  }
  return row!.id;
}

const jobState = async (generation: number) =>
  (
    await database.db.raw(
      `select j.state from ${BOSS_SCHEMA}.job j join people.profile_generations g on g.job_id = j.id and j.name = ? where g.id = ?`,
      [QUEUE, generation],
    )
  ).rows[0]?.state as string | undefined;

test(
  "a run left by a process that died is retried by pg-boss once its job has expired, at the next instance's start",
  async () => {
    const first = await startPeople(env(), database);
    const c = first.user();
    await first.svc.close();
    const id = await leftByADeadProcess(c.id, 21);
    model.reply({ content: MARKDOWN });
    const next = await startPeople(env(), database);
    const again = Object.assign(signIn(new TestClient(next.svc.url), c.id), { cookie: c.cookie, csrf: c.csrf });
    const done = await until(
      () => again.get('/profile/generation_status'),
      (r) => r.body.generation?.state === 'done',
    );
    expect(done.body.generation).toMatchObject({ id, attempts: 2, progress: 100 });
    expect((await again.get('/profile')).body.ai_profile_markdown).toBe(MARKDOWN);
    expect(await jobState(id)).toBe('completed');
    await stopAllProfileJobs();
    await next.svc.close();
  },
  SLOW_TEST_MS,
);

test(
  'a run whose job expired on its last try fails with a message, and the user may ask again',
  async () => {
    const first = await startPeople(env(), database);
    const c = first.user();
    await first.svc.close();
    const id = await leftByADeadProcess(c.id, 21, 0);
    const next = await startPeople(env(), database);
    const again = Object.assign(signIn(new TestClient(next.svc.url), c.id), { cookie: c.cookie, csrf: c.csrf });
    const failed = await until(
      () => again.get('/profile/generation_status'),
      (r) => r.body.generation?.state === 'failed',
    );
    expect(failed.body.generation).toMatchObject({ id, state: 'failed', phase: 'done', error: PROFILE_MESSAGES.generationInterrupted });
    expect(await jobState(id)).toBe('failed');
    model.reply({ content: MARKDOWN });
    const retried = await again.post('/profile/generate', { research_mode: 'deep' });
    expect(retried.body).toMatchObject({ success: true, generation: { state: 'done', attempts: 1 } });
    await stopAllProfileJobs();
    await next.svc.close();
  },
  SLOW_TEST_MS,
);

test(
  'a run whose job has not expired yet stays with its process (pg-boss hands a job to one worker at a time)',
  async () => {
    const first = await startPeople(env(), database);
    const c = first.user();
    await first.svc.close();
    const id = await leftByADeadProcess(c.id, 1);
    const next = await startPeople(env(), database);
    const again = Object.assign(signIn(new TestClient(next.svc.url), c.id), { cookie: c.cookie, csrf: c.csrf });
    // Another user's research runs through: the worker is up and has looked for expired jobs.
    model.reply({ content: MARKDOWN });
    const other = next.user();
    expect((await other.post('/profile/generate', { research_mode: 'deep' })).body).toMatchObject({ generation: { state: 'done' } });
    expect((await again.get('/profile/generation_status')).body.generation).toMatchObject({ id, state: 'running', attempts: 1 });
    expect(await jobState(id)).toBe('active');
    await again.post('/profile/cancel_generation', {});
    expect(await jobState(id)).toBe('cancelled');
    await stopAllProfileJobs();
    await next.svc.close();
  },
  SLOW_TEST_MS,
);

test(
  'deep research asks the web search first and writes its findings into the profile, cited',
  async () => {
    const s = await startPeople({ ...env(), SEARCH_BASE_URL: model.baseURL, SEARCH_API_KEY: 'k', SEARCH_MODEL: 'sonar' }, database);
    const c = s.user();
    model.reply(
      { content: 'Acme sells payment software [1].', citations: ['https://acme.example/about'] },
      {
        content:
          '# Profile\n\nInformation from web research:\n- Jane works at Acme, a payments company.\n\nReferences\n- https://acme.example/about',
      },
    );
    const res = await c.post('/profile/generate', { details: { full_name: 'Jane', company: 'Acme' }, research_mode: 'deep' });
    expect(res.status).toBe(200);
    expect(res.body.statements).toEqual([
      { text: 'Jane works at Acme, a payments company.', source: 'web research', source_url: 'https://acme.example/about' },
    ]);
    const [search, write] = model.requests.slice(-2);
    expect(search!.body.model).toBe('sonar');
    expect(JSON.stringify(write!.body.messages)).toContain('Acme sells payment software [1].');
    expect(res.body.generation).toMatchObject({ state: 'done', phase: 'done', progress: 100, attempts: 1 });
    await stopAllProfileJobs();
    await s.svc.close();
  },
  SLOW_TEST_MS,
);

test(
  'deep research writes with the DEEP_RESEARCH_* model, its own key only, and its progress moves while the answer streams in',
  async () => {
    const deepModel = await startOpenAiTestServer();
    try {
      const s = await startPeople(
        { ...env(), DEEP_RESEARCH_BASE_URL: deepModel.baseURL, DEEP_RESEARCH_MODEL: 'deep-model', DEEP_RESEARCH_API_KEY: 'dk' },
        database,
      );
      const c = s.user();
      const bullets = Array.from({ length: 40 }, (_, i) => `- I shipped project number ${i + 1} with the platform team.`);
      const markdown = `# Profile\n\nInformation from profile details:\n${bullets.join('\n')}`;
      // About 4 s of streaming: the progress follows what has been written.
      deepModel.reply({ content: markdown, chunkDelayMs: 4_000 / (markdown.match(/\S+\s*|\s+/g)?.length ?? 1) });
      const everydayRequests = model.requests.length;
      const call = c.post('/profile/generate', { details: { full_name: 'Jane' }, research_mode: 'deep' });
      const seen: number[] = [];
      await until(
        () => c.get('/profile/generation_status'),
        (r) => {
          const g = r.body.generation;
          if (g?.phase === 'writing') seen.push(g.progress);
          return g?.state === 'done';
        },
      );
      const res = await call;
      expect(res.body.statements).toHaveLength(40);
      const moving = [...new Set(seen)];
      expect(moving.length).toBeGreaterThanOrEqual(3);
      expect(moving).toEqual([...moving].sort((x, y) => x - y));
      expect(Math.min(...moving)).toBeGreaterThanOrEqual(45);
      expect(Math.max(...moving)).toBeLessThan(90);

      const [write] = deepModel.requests;
      expect(write!.body).toMatchObject({ model: 'deep-model', stream: true });
      expect(write!.headers.authorization).toBe('Bearer dk');
      // The everyday model was not asked, and its key never went to the other endpoint.
      expect(model.requests.length).toBe(everydayRequests);
      await stopAllProfileJobs();
      await s.svc.close();
    } finally {
      await deepModel.close();
    }
  },
  SLOW_TEST_MS,
);

test(
  "two users' deep researches run side by side: one user's long model call does not hold the other's in the queue",
  async () => {
    const s = await startPeople(env(), database);
    const [ann, bob] = [s.user(), s.user()];
    // Ann's model call takes a minute; Bob's answers at once, and must not wait for Ann's.
    model.reply({ content: MARKDOWN, delayMs: 60_000 });
    const annCall = ann.post('/profile/generate', { details: { full_name: 'Ann' }, research_mode: 'deep' }).catch(() => undefined);
    await until(
      () => ann.get('/profile/generation_status'),
      (r) => r.body.generation?.phase === 'writing',
    );
    model.reply({ content: MARKDOWN });
    const bobs = await bob.post('/profile/generate', { details: { full_name: 'Bob' }, research_mode: 'deep' });
    expect(bobs.body).toMatchObject({ success: true, generation: { state: 'done' } });
    expect((await ann.get('/profile/generation_status')).body.generation).toMatchObject({ state: 'running', phase: 'writing' });
    await ann.post('/profile/cancel_generation', {});
    await annCall;
    await stopAllProfileJobs();
    await s.svc.close();
  },
  SLOW_TEST_MS,
);
