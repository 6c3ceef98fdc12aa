import { beforeAll, describe, expect, test } from '@jest/globals';
import { actionPlanWeekAddress, checkinAddress, informationPlanAddress, milestoneAddress, todoAddress } from '@cc/contracts/addresses';
import { weekLabel } from '@cc/contracts/periods';
import { SEARCH_MESSAGES, type SearchGroup, type SearchResult } from '@cc/contracts/search';
import { refused, startedForTests, type SignedClient as TestClient } from '@cc/service-kit/testing';
import { firstQuestion, startCoaching } from './test-support';

const h = startedForTests(startCoaching);
const db = () => h.database.db;

let day: { id: number; text: string };
let week: { id: number; text: string };
beforeAll(async () => {
  day = await firstQuestion(h.user(), 'start_of_day', '2026-03-02');
  week = await firstQuestion(h.user(), 'end_of_week', '2026-W10');
});

const search = async (c: TestClient, params: string) => {
  const res = await c.get(`/coaching/search?${params}`);
  expect(res.status).toBe(200);
  return res.body.groups as SearchGroup[];
};
const groupOf = (groups: SearchGroup[], kind: string) => groups.find((g) => g.kind === kind)!;
const marked = (r: SearchResult) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

const addTodo = async (c: TestClient, title: string, description = '') =>
  (await c.post('/planning/todos', { todo: { title, description } })).body.todo.id as number;
const addMilestone = async (c: TestClient, title: string, description = '') =>
  (await c.post('/planning/milestones', { milestone: { title, description, target_date: '2026-12-01' } })).body.milestone.id as number;
const saveWeek = (c: TestClient, period_key: string, content: string, outcomes = '') =>
  c.post('/coaching/save_timeline_item', { period_type: 'week', period_key, content, outcomes });
const saveNotes = (c: TestClient, question_id: number, period_key: string, content: string) =>
  c.post('/coaching/onboarding_save_content', { question_id, period_key, content });
/** A plan as the coach stores it (the AI's answer is the response), current or archived. */
const addPlan = async (c: TestClient, prompt: string, response: string, archived_at: string | null = null) =>
  ((await db()('coaching.coaching_plans').insert({ user_id: c.id, prompt, response, archived_at }).returning('id')) as { id: number }[])[0]!
    .id;

/** One of everything, each mentioning a migration. */
async function workspace(c: TestClient) {
  const todo = await addTodo(c, 'Database migration plan', 'Move billing to Postgres before the quarter ends.');
  await addTodo(c, 'Buy a birthday card');
  const milestone = await addMilestone(c, 'Promotion case ready', 'Collect peer quotes about the migration.');
  await saveWeek(c, '2026-W45', '- [ ] Draft the migration runbook', 'The team knows the cut-over date');
  await saveNotes(c, day.id, '2026-03-02', 'Finish the migration checklist.');
  await c.post('/coaching/onboarding_send_message', {
    question_id: week.id,
    period_key: '2026-W10',
    message: 'I led the migration to Postgres 17.',
  });
  const archivedPlan = await addPlan(
    c,
    'I want to learn how the migration team decides.',
    'Ask Priya about the roadmap.',
    '2026-10-02T10:00:00Z',
  );
  const currentPlan = await addPlan(c, 'Where I am now: a new role.', 'Step one: list the migration owners and meet them.');
  return { todo, milestone, archivedPlan, currentPlan };
}

describe('GET /coaching/search', () => {
  test('finds every kind by a prefix, each with its title, marked snippet and address, groups in order', async () => {
    const c = h.user();
    const ids = await workspace(c);
    const groups = await search(c, 'q=migr');
    expect(groups.map((g) => g.kind)).toEqual(['todo', 'milestone', 'week', 'checkin', 'plan']);

    expect(groupOf(groups, 'todo')).toEqual({
      kind: 'todo',
      total: 1,
      results: [
        {
          kind: 'todo',
          id: String(ids.todo),
          title: 'Database migration plan',
          // Only the title matched: the snippet is the title.
          snippet: 'Database migration plan',
          highlights: [[9, 18]],
          url: todoAddress(ids.todo),
          updated_at: expect.any(String),
          generated: false,
        },
      ],
    });
    const [milestone] = groupOf(groups, 'milestone').results;
    expect(milestone).toMatchObject({
      id: String(ids.milestone),
      title: 'Promotion case ready',
      snippet: 'Collect peer quotes about the migration.',
      url: milestoneAddress(ids.milestone),
      generated: false,
    });
    expect(marked(milestone!)).toEqual(['migration']);

    const [weekHit] = groupOf(groups, 'week').results;
    expect(weekHit).toMatchObject({
      id: '2026-W45',
      title: weekLabel('2026-W45'),
      snippet: 'Draft the migration runbook',
      url: actionPlanWeekAddress('2026-W45'),
      generated: false,
    });
    expect(weekHit!.title).toBe('Week 45, 2026 (2 Nov – 8 Nov)');

    const checkins = groupOf(groups, 'checkin');
    expect(checkins.total).toBe(2);
    const byId = Object.fromEntries(checkins.results.map((r) => [r.id, r]));
    expect(byId[`${day.id}:2026-03-02`]).toMatchObject({
      title: `${day.text} · Monday, 2 March 2026`,
      snippet: 'Finish the migration checklist.',
      url: checkinAddress('start_of_day', '2026-03-02', day.id),
      generated: false,
    });
    // What the user said in the question's chat (the coach's replies are not searched).
    expect(byId[`${week.id}:2026-W10`]).toMatchObject({
      title: `${week.text} · ${weekLabel('2026-W10')}`,
      snippet: 'I led the migration to Postgres 17.',
      url: checkinAddress('end_of_week', '2026-W10', week.id),
      generated: false,
    });

    // The prompt is the user's; a match only in the coach's plan is generated and ranks below.
    expect(groupOf(groups, 'plan').results).toEqual([
      expect.objectContaining({
        id: String(ids.archivedPlan),
        title: 'Information-gathering plan, archived 2 Oct 2026',
        snippet: 'I want to learn how the migration team decides.',
        url: informationPlanAddress(ids.archivedPlan),
        generated: false,
      }),
      expect.objectContaining({
        id: String(ids.currentPlan),
        title: 'Information-gathering plan',
        snippet: 'Step one: list the migration owners and meet them.',
        url: informationPlanAddress(),
        generated: true,
      }),
    ]);
    for (const g of groups) for (const r of g.results) expect(marked(r).map((w) => w.toLowerCase())).toContain('migration');
  });

  test('an onboarding answer (answered once) is titled by its question alone', async () => {
    const c = h.user();
    const question = await firstQuestion(c, 'onboarding', 'onboarding');
    await saveNotes(c, question.id, 'onboarding', 'Staff engineer on the payments team.');
    expect(groupOf(await search(c, 'q=payments&kinds=checkin'), 'checkin').results).toEqual([
      expect.objectContaining({
        id: `${question.id}:onboarding`,
        title: question.text,
        url: checkinAddress('onboarding', 'onboarding', question.id),
      }),
    ]);
  });

  test('word forms, quoted phrases and several words; the title ranks above the description', async () => {
    const c = h.user();
    const planning = await addTodo(c, 'Quarterly planning', 'Book the room.');
    const described = await addTodo(c, 'Offsite', 'We are planning the agenda; billing to Postgres comes first.');
    const both = await search(c, 'q=planned&kinds=todo');
    expect(groupOf(both, 'todo').results.map((r) => r.id)).toEqual([String(planning), String(described)]);
    expect(marked(groupOf(both, 'todo').results[1]!)).toEqual(['planning']);

    const phrase = groupOf(await search(c, 'q=%22billing+to+postgres%22&kinds=todo'), 'todo');
    expect(phrase.results.map((r) => r.id)).toEqual([String(described)]);
    expect(marked(phrase.results[0]!)).toEqual(['billing', 'Postgres']);
    expect(groupOf(await search(c, 'q=%22postgres+billing%22&kinds=todo'), 'todo').total).toBe(0);
    // Every word must match (in the title or the body).
    expect(groupOf(await search(c, 'q=offsite+agenda&kinds=todo'), 'todo').results.map((r) => r.id)).toEqual([String(described)]);
    expect(groupOf(await search(c, 'q=offsite+birthday&kinds=todo'), 'todo').total).toBe(0);
  });

  test('a title with one typo is found after the exact matches, its word marked', async () => {
    const c = h.user();
    const todo = await addTodo(c, 'Database migration plan');
    const exact = await addTodo(c, 'Migraton notes', 'typed as it was');
    const milestone = await addMilestone(c, 'Promotion case ready');
    const todos = groupOf(await search(c, 'q=migraton'), 'todo');
    expect(todos.total).toBe(2);
    expect(todos.results.map((r) => r.id)).toEqual([String(exact), String(todo)]);
    expect(todos.results[1]).toMatchObject({ snippet: 'Database migration plan', highlights: [[9, 18]], generated: false });
    const milestones = groupOf(await search(c, 'q=promotoin+case&kinds=milestone'), 'milestone');
    expect(milestones.results.map((r) => r.id)).toEqual([String(milestone)]);
    expect(marked(milestones.results[0]!)).toEqual(['Promotion', 'case']);
    // Two typos in a word are not one.
    expect(groupOf(await search(c, 'q=prmotoin&kinds=milestone'), 'milestone').total).toBe(0);
    // A chat's retrieval (any word) does not guess typos.
    expect(groupOf(await search(c, 'q=migraton&kinds=todo&any=1'), 'todo').results.map((r) => r.id)).toEqual([String(exact)]);
    // When full text fills the page, no title is read for typos (nor counted).
    const page = groupOf(await search(c, 'q=migraton&kinds=todo&limit=1'), 'todo');
    expect(page).toMatchObject({ total: 1, results: [{ id: String(exact) }] });
  });

  test('a week of an archived action plan is not found (its address opens the current plan)', async () => {
    const c = h.user();
    await saveWeek(c, '2026-W40', 'Call the recruiter');
    expect(groupOf(await search(c, 'q=recruiter&kinds=week'), 'week').total).toBe(1);
    await c.post('/coaching/create_empty_action_plan');
    expect(groupOf(await search(c, 'q=recruiter&kinds=week'), 'week').total).toBe(0);
    await saveWeek(c, '2026-W41', 'Email the recruiter back');
    expect(groupOf(await search(c, 'q=recruiter&kinds=week'), 'week').results.map((r) => r.id)).toEqual(['2026-W41']);
  });

  test('own=1 leaves out matches only in generated text; otherwise they rank below the user’s words', async () => {
    const c = h.user();
    await saveWeek(c, '2026-W46', 'Prepare the roadmap review', '');
    await saveWeek(c, '2026-W47', 'Rest', 'The roadmap is agreed');
    await saveNotes(c, day.id, '2026-03-09', 'Nothing yet');
    await db()('coaching.question_conversations')
      .where({ user_id: c.id, question_id: day.id, period_key: '2026-03-09' })
      .update({ content_summary: 'A calm roadmap day.' });
    await addPlan(c, 'My roadmap worries', 'Plan A');
    await addPlan(c, 'Who am I', 'Read the roadmap', '2026-09-01T00:00:00Z');

    const all = await search(c, 'q=roadmap&kinds=week,checkin,plan');
    expect(groupOf(all, 'week').results.map((r) => [r.id, r.generated])).toEqual([
      ['2026-W46', false],
      ['2026-W47', true],
    ]);
    expect(groupOf(all, 'week').results[1]).toMatchObject({ snippet: 'The roadmap is agreed' });
    expect(groupOf(all, 'checkin').results).toEqual([expect.objectContaining({ snippet: 'A calm roadmap day.', generated: true })]);
    expect(groupOf(all, 'plan').results.map((r) => [r.snippet, r.generated])).toEqual([
      ['My roadmap worries', false],
      ['Read the roadmap', true],
    ]);

    const own = await search(c, 'q=roadmap&kinds=week,checkin,plan&own=1');
    expect(own).toEqual([
      { kind: 'week', total: 1, results: [expect.objectContaining({ id: '2026-W46', generated: false })] },
      { kind: 'checkin', total: 0, results: [] },
      { kind: 'plan', total: 1, results: [expect.objectContaining({ snippet: 'My roadmap worries', generated: false })] },
    ]);
  });

  test('limit pages each kind, total counts every match; only the kinds asked are answered', async () => {
    const c = h.user();
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await addTodo(c, `Retro notes ${n}`));
    const groups = await search(c, 'q=retro&kinds=todo,plan&limit=2');
    expect(groups.map((g) => g.kind)).toEqual(['todo', 'plan']);
    // Same rank: the newest first.
    expect(groupOf(groups, 'todo')).toMatchObject({ total: 3, results: [{ id: String(ids[2]) }, { id: String(ids[1]) }] });
    expect(groupOf(groups, 'plan')).toEqual({ kind: 'plan', total: 0, results: [] });
  });

  test('a query of only punctuation answers every asked kind empty', async () => {
    const c = h.user();
    await workspace(c);
    expect(await search(c, `q=${encodeURIComponent('?! &')}`)).toEqual(
      ['todo', 'milestone', 'week', 'checkin', 'plan'].map((kind) => ({ kind, total: 0, results: [] })),
    );
  });

  test("another user's rows are never found, for every kind", async () => {
    const owner = h.user();
    await workspace(owner);
    const other = h.user();
    const groups = await search(other, 'q=migration');
    expect(groups).toEqual(['todo', 'milestone', 'week', 'checkin', 'plan'].map((kind) => ({ kind, total: 0, results: [] })));
    // Nor through a typo.
    expect(groupOf(await search(other, 'q=migraton+plan'), 'todo').total).toBe(0);
    // And the owner still finds every kind.
    expect((await search(owner, 'q=migration')).every((g) => g.total > 0)).toBe(true);
  });

  test('bad input is 422 with the search messages', async () => {
    const c = h.user();
    const cases: Array<[string, string]> = [
      ['', SEARCH_MESSAGES.queryRequired],
      ['q=', SEARCH_MESSAGES.queryRequired],
      ['q=%20%20', SEARCH_MESSAGES.queryRequired],
      [`q=${'a'.repeat(201)}`, SEARCH_MESSAGES.queryTooLong],
      ['q=plan&kinds=todo,bogus', SEARCH_MESSAGES.unknownKind],
      ['q=plan&limit=0', SEARCH_MESSAGES.limit],
      ['q=plan&limit=51', SEARCH_MESSAGES.limit],
    ];
    for (const [params, message] of cases) {
      const res = await c.get(`/coaching/search?${params}`);
      expect({ params, status: res.status, body: res.body }).toEqual({ params, status: 422, body: refused(message) });
    }
    expect((await c.get(`/coaching/search?q=${'a'.repeat(200)}&limit=50`)).status).toBe(200);
  });
});
