import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { testEmbedding, type OpenAiTestServer } from '@cc/ai/testing';
import { todoAddress } from '@cc/contracts/addresses';
import { COACHING_MESSAGES } from '@cc/contracts/coaching-rules';
import { weekLabel } from '@cc/contracts/periods';
import type { SearchGroup, SearchKind, SearchResult } from '@cc/contracts';
import { fuseRankings, nearest, startedEmbeddingsQueues, stopEmbeddingsQueues } from '@cc/service-kit';
import {
  startWithTestModel,
  TEST_EMBEDDING_MODEL,
  until,
  type ServiceWithModel,
  type SignedClient,
  type TestClient,
} from '@cc/service-kit/testing';
import { EMBEDDINGS_QUEUE, VECTORS, type CoachingEmbeddings } from './search-vectors';
import { coachingService } from './service';
import { firstQuestion } from './test-support';

/**
 * Search by meaning for todos, milestones, weeks, check-ins and plans (docs/search.md#coaching)
 * with the loopback test model, whose vectors are hashed bags of word stems: "meaning" here is
 * sharing stems, so a row is found by a query whose words are not all in it (full text's AND
 * misses it) but most of them are.
 */

const MODEL = TEST_EMBEDDING_MODEL;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const start = () => startWithTestModel<CoachingEmbeddings>(coachingService, { firstUser: 62_000 });

const search = async (c: TestClient, params: string) => {
  const res = await c.get(`/coaching/search?${params}`);
  expect(res.status).toBe(200);
  return res.body.groups as SearchGroup[];
};
const group = async (c: TestClient, kind: SearchKind, q: string, extra = '') =>
  (await search(c, `q=${encodeURIComponent(q)}&kinds=${kind}${extra}`))[0]!;
const ids = (g: SearchGroup) => g.results.map((r) => r.id);
const marked = (r: SearchResult) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

const addTodo = async (c: TestClient, title: string, description = '') =>
  (await c.post('/planning/todos', { todo: { title, description } })).body.todo.id as number;
const addMilestone = async (c: TestClient, title: string, description = '') =>
  (await c.post('/planning/milestones', { milestone: { title, description, target_date: '2026-12-01' } })).body.milestone.id as number;
const saveWeek = (c: TestClient, period_key: string, content: string, outcomes = '') =>
  c.post('/coaching/save_timeline_item', { period_type: 'week', period_key, content, outcomes });
const saveNotes = (c: TestClient, question_id: number, period_key: string, content: string) =>
  c.post('/coaching/onboarding_save_content', { question_id, period_key, content });

describe('coaching search by meaning', () => {
  let model: OpenAiTestServer;
  let s: ServiceWithModel<CoachingEmbeddings>;
  let embeddings: CoachingEmbeddings;
  let day: { id: number; text: string };
  const vectors = (userId: number) => s.database.db(VECTORS).where({ user_id: userId }).orderBy(['kind', 'object_id']);
  /** A plan as the coach stores it (the prompt is the user's, the response the coach's). */
  const addPlan = async (c: SignedClient, prompt: string, response: string) =>
    ((await s.database.db('coaching.coaching_plans').insert({ user_id: c.id, prompt, response }).returning('id')) as { id: number }[])[0]!
      .id;

  beforeAll(async () => {
    s = await start();
    model = s.model;
    embeddings = s.embeddings;
    day = await firstQuestion(s.user(), 'start_of_day', '2026-03-02');
  });
  afterAll(() => s.close());

  test('the queue embeds every kind in the background: the user’s words only', async () => {
    const c = s.user();
    const todo = await addTodo(c, 'Kitchen renovation', '  Quotes for the new cabinets.  ');
    const milestone = await addMilestone(c, 'Promotion case', 'Peer quotes collected.');
    expect((await saveWeek(c, '2026-W45', 'Draft the runbook', 'The team knows the date')).status).toBe(200);
    expect((await saveNotes(c, day.id, '2026-03-02', 'Finish the checklist.')).status).toBe(200);
    const plan = await addPlan(c, 'Where I am now: a new role.', 'Step one: meet the owners.');
    // The start's run, or the run the writes asked for: no one calls the job here.
    await until(async () => (await vectors(c.id)).length === 5);
    const texts = {
      todo: 'Kitchen renovation\n\nQuotes for the new cabinets.',
      milestone: 'Promotion case\n\nPeer quotes collected.',
      week: 'Draft the runbook',
      checkin: 'Finish the checklist.',
      plan: 'Where I am now: a new role.',
    };
    expect(await vectors(c.id)).toEqual([
      expect.objectContaining({ kind: 'checkin', object_id: `${day.id}:2026-03-02`, model: MODEL, content_hash: md5(texts.checkin) }),
      expect.objectContaining({ kind: 'milestone', object_id: String(milestone), content_hash: md5(texts.milestone) }),
      expect.objectContaining({ kind: 'plan', object_id: String(plan), content_hash: md5(texts.plan) }),
      expect.objectContaining({ kind: 'todo', object_id: String(todo), content_hash: md5(texts.todo) }),
      expect.objectContaining({ kind: 'week', object_id: '2026-W45', content_hash: md5(texts.week) }),
    ]);
    const inputs = model.requests.flatMap((r) => (Array.isArray(r.body.input) ? (r.body.input as string[]) : []));
    expect(inputs).toEqual(expect.arrayContaining(Object.values(texts)));
    // The week's outcomes and the coach's plan are the product's: never embedded.
    expect(inputs.join('\n')).not.toMatch(/knows the date|meet the owners/);
    // Its queue is the service's own, in its own schema.
    const queues = await s.database.db.raw(`select name from coaching_jobs.queue where name = ?`, [EMBEDDINGS_QUEUE]);
    expect(queues.rows).toHaveLength(1);
    // The rest of the tests run the job themselves, so what ran is known.
    await embeddings.stop();
    expect(startedEmbeddingsQueues()).not.toContain(embeddings);
  });

  test('a run embeds only what changed, and skips unchanged rows without asking the model', async () => {
    const c = s.user();
    const todo = await addTodo(c, 'Quarterly budget', 'For the platform team.');
    await saveWeek(c, '2026-W46', '', 'Outcomes only');
    await saveNotes(c, day.id, '2026-03-03', '   ');
    expect(await embeddings.embedAll()).toBe(1);
    const asked = model.requests.length;
    expect(await embeddings.embedAll()).toBe(0);
    expect(model.requests).toHaveLength(asked);
    // Completing a todo changes nothing embedded.
    expect((await c.patch(`/planning/todos/${todo}/toggle_completed`, {})).status).toBe(200);
    expect(await embeddings.embedAll()).toBe(0);
    // A changed description is embedded again, alone.
    expect((await c.patch(`/planning/todos/${todo}`, { todo: { description: 'For the data team.' } })).status).toBe(200);
    expect(await embeddings.embedAll()).toBe(1);
    expect(model.requests.at(-1)!.body.input).toEqual(['Quarterly budget\n\nFor the data team.']);
  });

  test('a check-in embeds its notes, then what the user said in its chat (not the opener, not the coach)', async () => {
    const c = s.user();
    const messages = [
      { role: 'user', content: `${COACHING_MESSAGES.reflectingOn(day.text)}` },
      { role: 'assistant', content: 'What made it go well?' },
      { role: 'user', content: 'The rollout went smoothly.' },
    ];
    await s.database
      .db('coaching.question_conversations')
      .insert({ user_id: c.id, question_id: day.id, period_key: '2026-03-05', content: 'Shipped it.', messages: JSON.stringify(messages) });
    expect(await embeddings.embedAll()).toBe(1);
    expect(model.requests.at(-1)!.body.input).toEqual(['Shipped it.\n\nThe rollout went smoothly.']);
  });

  test('finds a row by meaning when full text misses it (not every word is in it), with its words marked', async () => {
    const c = s.user();
    const garden = await addTodo(c, 'Balcony garden', 'Tomatoes and basil for the balcony.');
    await addTodo(c, 'Finance review', 'Quarterly finance review with the controller.');
    await saveWeek(c, '2026-W47', 'Prepare the sourdough starter schedule');
    await embeddings.embedAll();

    // Full text wants every word: "harvest" is in no todo.
    const g = await group(c, 'todo', 'tomatoes basil harvest');
    expect(g).toEqual({
      kind: 'todo',
      total: 1,
      results: [
        {
          kind: 'todo',
          id: String(garden),
          title: 'Balcony garden',
          snippet: 'Tomatoes and basil for the balcony.',
          highlights: [expect.any(Array), expect.any(Array)],
          url: todoAddress(garden),
          updated_at: expect.any(String),
          generated: false,
          by_meaning: true,
        },
      ],
    });
    expect(marked(g.results[0]!)).toEqual(['Tomatoes', 'basil']);
    // A week by meaning: its title and address as full text gives them.
    const w = await group(c, 'week', 'sourdough starter bakery');
    expect(w.results).toEqual([
      expect.objectContaining({ id: '2026-W47', title: weekLabel('2026-W47'), generated: false, by_meaning: true }),
    ]);
    expect(marked(w.results[0]!)).toEqual(['sourdough', 'starter']);
    // A query near nothing the user wrote finds nothing by meaning.
    expect(await group(c, 'todo', 'sailing regatta')).toEqual({ kind: 'todo', total: 0, results: [] });
  });

  test('fuses both rankings: what both rank high first, full-text matches kept, meaning-only ones added', async () => {
    const c = s.user();
    // Full text: all three words in both; the first says them together (higher cover density).
    const both = await addTodo(c, 'Platform team roadmap');
    const long = await addTodo(
      c,
      'Weekly standup',
      'The platform group discussed incidents, hiring, budgets, vendors, the offsite, travel, ' +
        'laptops and the new team charter. Someone asked about the roadmap at the end.',
    );
    // No "roadmap": full text misses it, its vector is close.
    const offsite = await addTodo(c, 'Platform team offsite');
    await embeddings.embedAll();

    const q = 'platform team roadmap';
    // Full text alone (the model fails this once), and the nearest vectors, as the search sees them.
    model.replyEmbeddings({ status: 500 });
    const fullText = await group(c, 'todo', q);
    expect(ids(fullText)).toEqual([String(both), String(long)]);
    const near = (
      await nearest(s.database.db, 'coaching', { userId: c.id, kinds: ['todo'], model: MODEL, vector: testEmbedding(q), limit: 5 })
    )
      .filter((r) => r.score >= 0.25)
      .map((r) => r.object_id);
    expect(near.slice(0, 2)).toEqual([String(both), String(offsite)]);

    const g = await group(c, 'todo', q);
    expect(ids(g)).toEqual(fuseRankings([ids(fullText).map((key) => ({ key })), near.map((key) => ({ key }))]));
    expect(ids(g)[0]).toBe(String(both));
    expect(ids(g)).toContain(String(offsite));
    // Only the one full text missed says it was found by meaning.
    expect(g.results.filter((r) => r.by_meaning).map((r) => r.id)).toEqual([String(offsite)]);
    // The full-text total plus the one todo found by meaning alone.
    expect(g.total).toBe(3);
    expect(ids(await group(c, 'todo', q, '&limit=1'))).toEqual([String(both)]);
    // A chat's retrieval (any=1, own=1) fuses too.
    expect(ids(await group(c, 'todo', q, '&any=1&own=1'))).toEqual(expect.arrayContaining([String(both), String(offsite), String(long)]));
  });

  test('what the product wrote is not embedded: a plan is near its prompt only', async () => {
    const c = s.user();
    const plan = await addPlan(c, 'Learn how the architecture council decides.', 'Interview the council chair about pipeline budgets.');
    await embeddings.embedAll();
    expect(ids(await group(c, 'plan', 'architecture council meetings', '&own=1'))).toEqual([String(plan)]);
    // Only the coach's words hold these: full text finds it as generated, meaning does not add it.
    expect(await group(c, 'plan', 'pipeline budgets chair', '&own=1')).toEqual({ kind: 'plan', total: 0, results: [] });
  });

  test('each user finds only their own rows by meaning', async () => {
    const a = s.user();
    const b = s.user();
    const mine = await addTodo(a, 'Sourdough starter', 'Feeding schedule.');
    await saveNotes(b, day.id, '2026-03-04', 'Sourdough starter feeding schedule.');
    await embeddings.embedAll();
    const query = 'sourdough starter bakery';
    const kinds = '&kinds=todo,checkin';
    expect(await search(a, `q=${encodeURIComponent(query)}${kinds}`)).toEqual([
      { kind: 'todo', total: 1, results: [expect.objectContaining({ id: String(mine) })] },
      { kind: 'checkin', total: 0, results: [] },
    ]);
    expect(await search(b, `q=${encodeURIComponent(query)}${kinds}`)).toEqual([
      { kind: 'todo', total: 0, results: [] },
      { kind: 'checkin', total: 1, results: [expect.objectContaining({ id: `${day.id}:2026-03-04` })] },
    ]);
    expect(await search(s.user(), `q=${encodeURIComponent(query)}${kinds}`)).toEqual([
      { kind: 'todo', total: 0, results: [] },
      { kind: 'checkin', total: 0, results: [] },
    ]);
  });

  test('deleting a todo or milestone removes its vector at once; a new plan’s archived weeks, at the next run', async () => {
    const c = s.user();
    const todo = await addTodo(c, 'Lisbon trip', 'Packing list.');
    const milestone = await addMilestone(c, 'Porto trip', 'Packing list.');
    await saveWeek(c, '2026-W48', 'Book the Lisbon trip');
    await embeddings.embedAll();
    expect((await vectors(c.id)).map((v) => `${v.kind}:${v.object_id}`)).toEqual([
      `milestone:${milestone}`,
      `todo:${todo}`,
      'week:2026-W48',
    ]);
    expect((await c.delete(`/planning/todos/${todo}`)).status).toBe(200);
    expect((await c.delete(`/planning/milestones/${milestone}`)).status).toBe(200);
    expect((await vectors(c.id)).map((v) => `${v.kind}:${v.object_id}`)).toEqual(['week:2026-W48']);
    expect((await c.post('/coaching/create_empty_action_plan', {})).status).toBe(200);
    await embeddings.embedAll();
    expect(await vectors(c.id)).toEqual([]);
    expect(await group(c, 'todo', 'trip packing luggage')).toEqual({ kind: 'todo', total: 0, results: [] });
  });
});

describe('when the embeddings model fails', () => {
  let model: OpenAiTestServer;
  let s: ServiceWithModel<CoachingEmbeddings>;
  beforeAll(async () => {
    s = await start();
    model = s.model;
    await s.embeddings.stop();
  });
  afterAll(() => s.close());

  test('full text still answers, at once or after the wait, and the log names no query', async () => {
    const c = s.user();
    const id = await addTodo(c, 'Balcony garden', 'Tomatoes and basil for the balcony.');
    await s.embeddings.embedAll();
    // Vectors are stored, but the model cannot embed the query: full text alone.
    model.replyEmbeddings({ status: 500 });
    expect(ids(await group(c, 'todo', 'tomatoes basil'))).toEqual([String(id)]);
    model.replyEmbeddings({ status: 500 });
    expect(await group(c, 'todo', 'tomatoes basil harvest')).toEqual({ kind: 'todo', total: 0, results: [] });
    // Too slow: the search does not wait for it.
    model.replyEmbeddings({ delayMs: 4_000 });
    const started = Date.now();
    expect(ids(await group(c, 'todo', 'tomatoes basil'))).toEqual([String(id)]);
    expect(Date.now() - started).toBeLessThan(3_000);
    const failures = s.lines.filter((l) => l.includes('search by meaning unavailable'));
    expect(failures).toHaveLength(3);
    expect(s.lines.join('\n')).not.toMatch(/tomatoes|basil|harvest/i);
  });
});

afterAll(async () => {
  await stopEmbeddingsQueues();
});
