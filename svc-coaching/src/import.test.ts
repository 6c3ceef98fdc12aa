import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { DOMAIN_IMPORT_MESSAGES as M } from '@cc/contracts';
import { startedForTests, type SignedClient } from '@cc/service-kit/testing';
import { T as C } from './coaching/tables';
import { T as P } from './planning/tables';
import { startCoaching } from './test-support';

const h = startedForTests(startCoaching);
const db = () => h.database.db;

/** A question of the deployment's questionnaires, named as an export names it. */
let question: { id: number; questionnaire_type: string; section_title: string; question_title: string };
beforeAll(async () => {
  question = (await db()(`${C.questionnaire_questions} as q`)
    .join(`${C.questionnaire_sections} as s`, 's.id', 'q.section_id')
    .orderBy('q.id')
    .first('q.id', 's.questionnaire_type', 's.title as section_title', 'q.title as question_title')) as typeof question;
});

const milestone = (id: number, title: string) => ({
  table: 'milestones',
  row: {
    id,
    title,
    target_date: '2027-02-01',
    description: 'D',
    milestone_type: 'career',
    completed: false,
    created_at: '2024-01-01T00:00:00Z',
  },
});
const todo = (id: number, milestoneId: number | null, title = `Todo ${id}`) => ({
  table: 'todos',
  row: { id, title, due_date: '2026-12-01', description: '', tags: ['ops'], completed: true, milestone_id: milestoneId, source_key: null },
});
const plan = (id: number, archived: string | null = null) => ({
  table: 'action_plans',
  row: { id, created_at: '2024-01-01T00:00:00Z', archived_at: archived, archived_actions: archived ? [{ text: 'old' }] : null },
});
const week = (id: number, planId: number) => ({
  table: 'timeline_items',
  row: { id, plan_id: planId, period_type: 'week', period_key: '2026-W48', content: 'Ship it', outcomes: 'Shipped' },
});
const coachingPlan = (id: number) => ({ table: 'coaching_plans', row: { id, prompt: 'Ask', response: 'Plan', archived_at: null } });
const answer = (id: number, titles: Partial<typeof question> = {}) => ({
  table: 'question_conversations',
  row: {
    id,
    question_id: 999,
    questionnaire_type: titles.questionnaire_type ?? question.questionnaire_type,
    section_title: titles.section_title ?? question.section_title,
    question_title: titles.question_title ?? question.question_title,
    period_key: '2026-11-03',
    messages: [{ role: 'user', content: 'I shipped.' }],
    score: 80,
    score_feedback: 'Good',
    content: 'Notes',
    content_summary: 'Sum',
  },
});

const rows = (table: string, c: SignedClient) => db()(table).where({ user_id: c.id }).orderBy('id');
const ledger = async (importId: string) =>
  Number((await db()('coaching.import_ledger').where({ import_id: importId }).count('* as n'))[0]!.n);

describe('POST /coaching/import', () => {
  test("planning's and coaching's rows, their references remapped across batches, the answer's question found by its titles", async () => {
    const c = h.user();
    const id = randomUUID();
    const first = await c.post('/coaching/import', {
      import_id: id,
      records: [milestone(5, 'Ship'), plan(9), plan(8, '2024-02-01T00:00:00Z'), coachingPlan(3)],
    });
    expect(first.status).toBe(200);
    expect(first.body.created).toEqual({ milestones: 1, action_plans: 2, coaching_plans: 1 });
    const second = await c.post('/coaching/import', {
      import_id: id,
      records: [todo(1, 5), todo(2, null), week(4, 9), answer(6), answer(7, { question_title: 'A question nobody asks' })],
    });
    expect(second.status).toBe(200);
    expect(second.body.created).toEqual({ todos: 2, timeline_items: 1, question_conversations: 1 });
    expect(second.body.skipped).toEqual([{ table: 'question_conversations', reason: M.questionMissing }]);

    const [todos, weeks, answers] = await Promise.all([rows(P.todos, c), rows(P.timeline_items, c), rows(C.question_conversations, c)]);
    expect(todos.map((t) => [t.title, t.milestone_id, t.tags, t.completed])).toEqual([
      ['Todo 1', first.body.ids.milestones['5'], ['ops'], true],
      ['Todo 2', null, ['ops'], true],
    ]);
    expect(weeks.map((w) => [w.plan_id, w.content])).toEqual([[first.body.ids.action_plans['9'], 'Ship it']]);
    expect(answers.map((a) => [a.question_id, a.score, a.messages])).toEqual([
      [question.id, 80, [{ role: 'user', content: 'I shipped.' }]],
    ]);
    const plans = await rows(P.action_plans, c);
    expect(plans.map((p) => [p.archived_at === null, p.archived_actions])).toEqual([
      [true, null],
      [false, [{ text: 'old' }]],
    ]);
    expect((await c.get('/planning/milestones')).body.milestones[0]).toMatchObject({ title: 'Ship' });
  });

  test("a meeting's follow-up keeps naming its meeting and person by their new ids", async () => {
    const c = h.user();
    const followUp = {
      table: 'todos',
      row: { ...todo(1, null).row, source_key: 'meeting:8:line:3f9a', source_label: 'Review', source_url: '/people?person=3&meeting=8' },
    };
    const res = await c.post('/coaching/import', {
      import_id: randomUUID(),
      records: [followUp],
      id_maps: { people: { '3': 30 }, meetings: { '8': 80 } },
    });
    expect(res.status).toBe(200);
    expect((await rows(P.todos, c)).map((t) => [t.source_key, t.source_url])).toEqual([
      ['meeting:80:line:3f9a', '/people?person=30&meeting=80'],
    ]);
  });

  test('the account keeps its current plans (the imported ones come in archived) and its answers', async () => {
    const c = h.user();
    const [mine] = (await db()(P.action_plans).insert({ user_id: c.id }).returning('id')) as { id: number }[];
    await db()(C.coaching_plans).insert({ user_id: c.id, prompt: 'Mine', response: 'Mine' });
    await db()(C.question_conversations).insert({ user_id: c.id, question_id: question.id, period_key: '2026-11-03', content: 'Mine' });
    const res = await c.post('/coaching/import', { import_id: randomUUID(), records: [plan(9), coachingPlan(3), answer(6)] });
    expect(res.body.skipped).toEqual([{ table: 'question_conversations', reason: M.alreadyAnswered }]);
    const plans = await rows(P.action_plans, c);
    expect(plans.map((p) => [p.id === mine!.id, p.archived_at === null])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect((await rows(C.coaching_plans, c)).map((p) => [p.prompt, p.archived_at === null])).toEqual([
      ['Mine', true],
      ['Ask', false],
    ]);
    expect((await rows(C.question_conversations, c)).map((a) => a.content)).toEqual(['Mine']);
  });

  test('a bad row is a 422 naming it, and nothing of the batch is written', async () => {
    const c = h.user();
    const res = await c.post('/coaching/import', {
      import_id: randomUUID(),
      records: [
        milestone(1, 'Fine'),
        { table: 'todos', row: { id: 2, title: 'x'.repeat(201) } },
        { ...week(3, 1), row: { ...week(3, 1).row, period_type: 'month' } },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.stringMatching(/^Record 2 \(todos\): title: /),
      expect.stringMatching(/^Record 3 \(timeline_items\): period_type: /),
    ]);
    expect(await rows(P.milestones, c)).toEqual([]);
  });
});

describe('undo and commit', () => {
  async function imported(c: SignedClient) {
    await db()(P.action_plans).insert({ user_id: c.id });
    const id = randomUUID();
    await c.post('/coaching/import', { import_id: id, records: [milestone(5, 'Ship'), plan(9), coachingPlan(3)] });
    await c.post('/coaching/import', { import_id: id, records: [todo(1, 5), week(4, 9), answer(6)] });
    return id;
  }
  const counts = async (c: SignedClient) =>
    Object.fromEntries(
      await Promise.all(
        [P.milestones, P.todos, P.action_plans, P.timeline_items, C.coaching_plans, C.question_conversations].map(
          async (t) => [t.split('.')[1], (await rows(t, c)).length] as const,
        ),
      ),
    );

  test('DELETE removes exactly what the import made (the plan already there stays current); again is fine', async () => {
    const c = h.user();
    const id = await imported(c);
    expect(await counts(c)).toEqual({
      milestones: 1,
      todos: 1,
      action_plans: 2,
      timeline_items: 1,
      coaching_plans: 1,
      question_conversations: 1,
    });
    expect((await c.delete(`/coaching/import/${id}`)).body).toEqual({ success: true });
    expect(await counts(c)).toEqual({
      milestones: 0,
      todos: 0,
      action_plans: 1,
      timeline_items: 0,
      coaching_plans: 0,
      question_conversations: 0,
    });
    expect((await rows(P.action_plans, c))[0].archived_at).toBeNull();
    expect(await ledger(id)).toBe(0);
    expect((await c.delete(`/coaching/import/${id}`)).status).toBe(200);
  });

  test("commit forgets the ledger; another user's id touches nothing", async () => {
    const [ada, grace] = [h.user(), h.user()];
    const id = await imported(ada);
    await grace.delete(`/coaching/import/${id}`);
    await grace.post(`/coaching/import/${id}/commit`);
    expect(await ledger(id)).toBeGreaterThan(0);
    expect((await counts(ada)).todos).toBe(1);
    expect((await ada.post(`/coaching/import/${id}/commit`)).body).toEqual({ success: true });
    expect(await ledger(id)).toBe(0);
    await ada.delete(`/coaching/import/${id}`);
    expect((await counts(ada)).todos).toBe(1);
  });
});
