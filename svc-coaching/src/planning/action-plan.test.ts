import { describe, expect, test } from '@jest/globals';
import { periodKey, PLANNING_MESSAGES as M, stepPeriod } from '@cc/contracts';
import { formatDay } from '@cc/contracts/dates';
import { refused, refusedWithError, startedForTests } from '@cc/service-kit/testing';
import { coachingWithModel, startCoaching, type CoachingHarness } from '../test-support';

const h = startedForTests(startCoaching);

const thisWeek = periodKey('week');

describe('the current plan', () => {
  test('none at first; creating one answers it; creating again while it is empty keeps it', async () => {
    const c = h.user();
    expect((await c.get('/coaching/current_action_plan')).body).toEqual({ success: true, has_plan: false, plan: null });
    expect((await c.get('/coaching/timeline_items')).body).toEqual({ success: true, items: [], migration_needed: false });
    const created = await c.post('/coaching/create_empty_action_plan');
    expect(created.body).toEqual({ success: true, plan: { id: expect.any(Number), created_at: expect.any(String) }, archived: null });
    expect((await c.get('/coaching/current_action_plan')).body).toEqual({ success: true, has_plan: true, plan: created.body.plan });
    expect((await c.post('/coaching/create_empty_action_plan')).body).toEqual(created.body);
    expect((await c.get('/coaching/archived_action_plans')).body).toEqual({ success: true, plans: [] });
  });

  test('a new plan archives the current one with its open actions grouped immediately, soon and later', async () => {
    const c = h.user();
    const week = (n: number) => stepPeriod(thisWeek, n);
    await c.post('/coaching/save_timeline_item', { period_type: 'week', period_key: week(-1), content: '- [x] Sent deck\n- [ ] Call Sam' });
    await c.post('/coaching/save_timeline_item', { period_type: 'week', period_key: week(0), content: '- Draft intro' });
    await c.post('/coaching/save_timeline_item', { period_type: 'week', period_key: week(3), content: '- [ ] Book review' });
    await c.post('/coaching/save_timeline_item', {
      period_type: 'week',
      period_key: week(10),
      content: '- Plan offsite\n- [X] Done already',
    });
    const first = (await c.get('/coaching/current_action_plan')).body.plan;

    const res = await c.post('/coaching/create_empty_action_plan');
    expect(res.body.plan.id).not.toBe(first.id);
    const archived = {
      id: first.id,
      created_at: first.created_at,
      archived_at: expect.any(String),
      immediately: [
        { period_key: week(-1), text: 'Call Sam' },
        { period_key: week(0), text: 'Draft intro' },
      ],
      soon: [{ period_key: week(3), text: 'Book review' }],
      later: [{ period_key: week(10), text: 'Plan offsite' }],
    };
    expect(res.body.archived).toEqual(archived);
    expect((await c.get('/coaching/timeline_items')).body.items).toEqual([]);
    expect((await c.get('/coaching/archived_action_plans')).body).toEqual({
      success: true,
      plans: [{ ...archived, archived_at: res.body.archived.archived_at }],
    });
  });

  test('two new plans asked for at once archive the current plan once and make one new plan', async () => {
    const c = h.user();
    await c.post('/coaching/save_timeline_item', { period_key: thisWeek, content: '- Call Sam' });
    const answers = await Promise.all([c.post('/coaching/create_empty_action_plan'), c.post('/coaching/create_empty_action_plan')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.plan).toEqual(answers[1]!.body.plan);
    expect(answers.filter((a) => a.body.archived).length).toBe(1);
    expect((await c.get('/coaching/archived_action_plans')).body.plans).toHaveLength(1);
  });

  test("one user's plans, weeks and archives are never another's", async () => {
    const a = h.user();
    const b = h.user();
    await a.post('/coaching/save_timeline_item', { period_key: thisWeek, content: '- Secret plan' });
    await a.post('/coaching/create_empty_action_plan');
    await a.post('/coaching/save_timeline_item', { period_key: thisWeek, content: '- Next secret' });
    expect((await b.get('/coaching/current_action_plan')).body).toEqual({ success: true, has_plan: false, plan: null });
    expect((await b.get('/coaching/timeline_items')).body.items).toEqual([]);
    expect((await b.get('/coaching/archived_action_plans')).body.plans).toEqual([]);
    expect((await b.get(`/coaching/week_prompt?period_key=${stepPeriod(thisWeek, 1)}`)).body.prompt).not.toContain('secret');
    expect((await a.get('/coaching/archived_action_plans')).body.plans).toHaveLength(1);
  });
});

describe('restoring an archived plan', () => {
  const save = (c: ReturnType<CoachingHarness['user']>, key: string, content: string) =>
    c.post('/coaching/save_timeline_item', { period_type: 'week', period_key: key, content });

  test('it becomes current again with its weeks; the plan it replaces is archived, or dropped when empty', async () => {
    const c = h.user();
    await save(c, thisWeek, '- [ ] Ship the pricing page');
    const first = (await c.get('/coaching/current_action_plan')).body.plan;
    await c.post('/coaching/create_empty_action_plan');
    await save(c, thisWeek, '- [ ] Something new');
    const second = (await c.get('/coaching/current_action_plan')).body.plan;

    const res = await c.post('/coaching/restore_action_plan', { plan_id: first.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      plan: first,
      archived: {
        id: second.id,
        created_at: second.created_at,
        archived_at: expect.any(String),
        immediately: [{ period_key: thisWeek, text: 'Something new' }],
        soon: [],
        later: [],
      },
    });
    expect((await c.get('/coaching/current_action_plan')).body.plan).toEqual(first);
    expect((await c.get('/coaching/timeline_items')).body.items.map((i: { content: string }) => i.content)).toEqual([
      '- [ ] Ship the pricing page',
    ]);
    expect((await c.get('/coaching/archived_action_plans')).body.plans.map((p: { id: number }) => p.id)).toEqual([second.id]);

    // A new, untouched plan is not archived when another is restored: it goes.
    await c.post('/coaching/create_empty_action_plan');
    const empty = (await c.get('/coaching/current_action_plan')).body.plan;
    expect(empty.id).not.toBe(first.id);
    expect((await c.post('/coaching/restore_action_plan', { plan_id: first.id })).body).toEqual({
      success: true,
      plan: first,
      archived: null,
    });
    const restoredAgain = await c.post('/coaching/restore_action_plan', { plan_id: second.id });
    expect(restoredAgain.body.archived.id).toBe(first.id);
    const ids = (await c.get('/coaching/archived_action_plans')).body.plans.map((p: { id: number }) => p.id);
    expect(ids).toEqual([first.id]);
    expect(ids).not.toContain(empty.id);
  });

  test("only an archived plan of the user: the current one, another user's and a bad id are refused", async () => {
    const a = h.user();
    const b = h.user();
    await save(a, thisWeek, '- [ ] Mine');
    const mine = (await a.get('/coaching/current_action_plan')).body.plan;
    await a.post('/coaching/create_empty_action_plan');
    const current = (await a.get('/coaching/current_action_plan')).body.plan;
    expect((await a.post('/coaching/restore_action_plan', { plan_id: current.id })).status).toBe(404);
    const other = await b.post('/coaching/restore_action_plan', { plan_id: mine.id });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(refused(M.archivedPlanNotFound));
    const bad = await a.post('/coaching/restore_action_plan', { plan_id: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.success).toBe(false);
    expect((await a.get('/coaching/current_action_plan')).body.plan).toEqual(current);
  });
});

describe('timeline weeks', () => {
  test('save upserts one week per ISO week; the revision goes up only when the text changes', async () => {
    const c = h.user();
    const first = await c.post('/coaching/save_timeline_item', { period_type: 'week', period_key: '2026-W10', content: '- Call Sam' });
    expect(first.body).toEqual({
      success: true,
      errors: [],
      item: {
        period_type: 'week',
        period_key: '2026-W10',
        content: '- Call Sam',
        outcomes: '',
        revision: 1,
        updated_at: expect.any(String),
      },
    });
    const again = await c.post('/coaching/save_timeline_item', { period_key: '2026-W10', content: '- Call Sam', revision: 1 });
    expect(again.body.item.revision).toBe(1);
    const changed = await c.post('/coaching/save_timeline_item', {
      period_key: '2026-W10',
      content: '- Call Sam\n- Book room',
      outcomes: '- Team aligned',
      revision: 1,
    });
    expect(changed.body.item).toMatchObject({ content: '- Call Sam\n- Book room', outcomes: '- Team aligned', revision: 2 });
    await c.post('/coaching/save_timeline_item', { period_key: '2026-W09', content: '- Earlier' });
    expect(
      (await c.get('/coaching/timeline_items')).body.items.map((i: { period_key: string; revision: number }) => [i.period_key, i.revision]),
    ).toEqual([
      ['2026-W09', 1],
      ['2026-W10', 2],
    ]);
  });

  test('a save based on a stale revision is refused with what the week holds now (nothing lost)', async () => {
    const c = h.user();
    await c.post('/coaching/save_timeline_item', { period_key: '2026-W20', content: 'tab A', save_id: 'save-a' });
    const stale = await c.post('/coaching/save_timeline_item', { period_key: '2026-W20', content: 'tab B', revision: 0 });
    expect([stale.status, stale.body]).toEqual([
      409,
      { success: false, errors: [M.staleWeek], current: { content: 'tab A', revision: 1, save_id: 'save-a' } },
    ]);
    expect((await c.post('/coaching/save_timeline_item', { period_key: '2026-W20', content: 'tab B' })).body.item.revision).toBe(2);
  });

  test('a 53-week year: 2026-W53 is a week, 2025-W53 is not', async () => {
    const c = h.user();
    expect((await c.post('/coaching/save_timeline_item', { period_key: '2026-W53', content: '- Year review' })).status).toBe(200);
    for (const period_key of ['2025-W53', '2026-W54', '2026-W00', '2026-W1', '2026-53', '']) {
      const res = await c.post('/coaching/save_timeline_item', { period_key, content: 'x' });
      expect([period_key, res.status, res.body]).toEqual([period_key, 422, refused(M.periodKeyInvalid)]);
    }
    expect((await c.post('/coaching/save_timeline_item', { period_type: 'month', period_key: '2026-W10', content: 'x' })).body).toEqual(
      refused(M.periodTypeInvalid),
    );
    expect((await c.post('/coaching/save_timeline_item', { period_key: '2026-W10', content: 'x'.repeat(20_001) })).body).toEqual(
      refused(M.weekContentTooLong),
    );
    expect((await c.get('/coaching/week_prompt?period_key=2026-W53')).body.prompt).toContain('Week 53, 2026 (28 Dec – 3 Jan)');
    expect((await c.get('/coaching/week_prompt?period_key=2025-W53')).body).toEqual(refusedWithError(M.periodKeyInvalid));
  });
});

describe('the week prompt knows the user', () => {
  test('milestones due around the week, todos due in it, and earlier unfinished actions', async () => {
    const c = h.user();
    const week = '2026-W12'; // Mon 16 Mar – Sun 22 Mar 2026
    const milestone = async (title: string, target_date: string) =>
      (await c.post('/planning/milestones', { milestone: { title, target_date, milestone_type: '90-day' } })).body.milestone;
    const launch = await milestone('Launch beta', '2026-03-27');
    await milestone('Too far', '2026-05-30');
    await milestone('Long past', '2026-02-01');
    const done = await milestone('Already done', '2026-03-20');
    await c.patch(`/planning/milestones/${done.id}/toggle_completed`);
    await c.post('/planning/todos', {
      todo: { title: 'Send the deck', due_date: '2026-03-18', description: 'To Maria', milestone_id: launch.id },
    });
    await c.post('/planning/todos', { todo: { title: 'Next week', due_date: '2026-03-23' } });
    await c.post('/coaching/save_timeline_item', { period_key: '2026-W11', content: '- [x] Booked room\n- [ ] Call Sam' });
    await c.post('/coaching/save_timeline_item', { period_key: '2026-W01', content: '- [ ] Too old to list' });
    await c.post('/coaching/save_timeline_item', { period_key: week, content: '- Prepare demo' });

    const res = await c.get(`/coaching/week_prompt?period_key=${week}&week_label=${encodeURIComponent('Week 12, 2026')}`);
    expect(res.body).toEqual({
      success: true,
      prompt: [
        'Plan my week: Week 12, 2026.',
        `Milestones due around this week:\n- Launch beta (target ${formatDay('2026-03-27')}, 90-day, 0 of 1 actions done)`,
        `Todos due this week:\n- Send the deck (due ${formatDay('2026-03-18')}): To Maria`,
        'Unfinished actions from earlier weeks:\n- Call Sam (from Week 11, 2026 (9 Mar – 15 Mar))',
        'Already planned for this week:\n- Prepare demo',
      ].join('\n\n'),
    });
  });

  test('the first and last weeks of the calendar have prompts too', async () => {
    const c = h.user();
    for (const key of ['0001-W01', '9999-W52']) expect((await c.get(`/coaching/week_prompt?period_key=${key}`)).status).toBe(200);
  });

  test('an empty week still gets a prompt the user can complete', async () => {
    const res = await h.user().get('/coaching/week_prompt?period_key=2026-W30');
    expect(res.body.prompt).toBe('Plan my week: Week 30, 2026 (20 Jul – 26 Jul).\n\nNothing is due this week yet. My focus this week:');
    expect((await h.user().get('/coaching/week_prompt')).body).toEqual(refusedWithError(M.periodKeyInvalid));
    expect((await h.user().get(`/coaching/week_prompt?period_key=2026-W30&week_label=${'x'.repeat(101)}`)).body).toEqual(
      refusedWithError(M.weekLabelTooLong),
    );
  });
});

describe('generate_action_plan (the offline coach)', () => {
  // Tuesday of week 12, 2026: Monday has passed.
  const today = '2026-03-17';

  test('a week built from the prompt from today on, as task boxes; its outcomes stored on the week, its actions left to the page', async () => {
    const c = h.user();
    await c.post('/coaching/save_timeline_item', { period_key: '2026-W12', content: '- Keep me' });
    const prompt = [
      'Plan my week: Week 12, 2026.',
      `Todos due this week:\n- Send the deck (due ${formatDay('2026-03-18')})`,
      'Unfinished actions from earlier weeks:\n- **Mon 9 Mar:** Call Sam (from Week 11, 2026)',
    ].join('\n\n');
    const res = await c.post('/coaching/generate_action_plan', { prompt, period_key: '2026-W12', period_type: 'week', today });
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ period_type: 'week', period_key: '2026-W12' });
    const lines: string[] = res.body.item.actions.split('\n');
    for (const line of lines) expect(line).toMatch(/^- \[ \] \*\*[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}:\*\* \S/);
    expect(lines[0]).toBe(`- [ ] **${formatDay('2026-03-17', today)}:** Call Sam (carried over)`);
    expect(lines).toContain(`- [ ] **${formatDay('2026-03-18', today)}:** Send the deck`);
    expect(res.body.item.actions).not.toContain(formatDay('2026-03-16', today));
    expect(res.body.item.outcomes).toContain('"Send the deck" done');
    const [item] = (await c.get('/coaching/timeline_items')).body.items;
    expect(item).toMatchObject({ period_key: '2026-W12', content: '- Keep me', outcomes: res.body.item.outcomes, revision: 1 });
  });

  test('a week gone by is refused in planning words, nothing stored; without today the server date counts', async () => {
    const c = h.user();
    const past = await c.post('/coaching/generate_action_plan', { prompt: 'Finish the roadmap', period_key: '2026-W11', today });
    expect([past.status, past.body]).toEqual([422, refusedWithError(M.weekPassed)]);
    expect((await c.get('/coaching/timeline_items')).body.items).toEqual([]);
    const lastWeek = await c.post('/coaching/generate_action_plan', { prompt: 'Finish the roadmap', period_key: stepPeriod(thisWeek, -1) });
    expect([lastWeek.status, lastWeek.body]).toEqual([422, refusedWithError(M.weekPassed)]);
    const bad = await c.post('/coaching/generate_action_plan', { prompt: 'x', period_key: '2026-W12', today: '2026-02-30' });
    expect([bad.status, bad.body]).toEqual([422, refusedWithError(M.todayInvalid)]);
  });

  test('outcomes of a week not written yet do not make the first save stale', async () => {
    const c = h.user();
    await c.post('/coaching/generate_action_plan', { prompt: 'I want to finish the roadmap.', period_key: '2026-W40', today });
    const saved = await c.post('/coaching/save_timeline_item', { period_key: '2026-W40', content: '- Roadmap', revision: 0 });
    expect(saved.body.item).toMatchObject({ content: '- Roadmap', revision: 1 });
    expect(saved.body.item.outcomes).toContain('Roadmap finished');
  });

  test("a blank prompt is refused with the spec's message", async () => {
    const res = await h.user().post('/coaching/generate_action_plan', { prompt: '  \n ', period_key: '2026-W12', period_type: 'week' });
    expect([res.status, res.body]).toEqual([422, refusedWithError(M.weekPromptRequired)]);
    expect((await h.user().post('/coaching/generate_action_plan', { prompt: 'x', period_key: '2025-W53' })).body).toEqual(
      refusedWithError(M.periodKeyInvalid),
    );
  });
});

describe('generate_action_plan through a model', () => {
  const { model, m } = coachingWithModel(h);

  test("the model's structured answer becomes the week: task boxes, none on a day before the user's today", async () => {
    model.reply({ content: JSON.stringify({ outcomes: ['Deck sent'], actions: ['Mon: finish slides', 'Wed: send to Maria'] }) });
    const res = await m.user().post('/coaching/generate_action_plan', {
      prompt: 'Finish the deck',
      period_key: '2026-W12',
      period_type: 'week',
      today: '2026-03-17',
    });
    const day = (iso: string) => formatDay(iso, '2026-03-17');
    expect(res.body).toEqual({
      success: true,
      item: {
        period_type: 'week',
        period_key: '2026-W12',
        outcomes: '- Deck sent',
        actions: `- [ ] **${day('2026-03-17')}:** Finish slides\n- [ ] **${day('2026-03-18')}:** Send to Maria`,
      },
    });
    expect(model.requests.at(-1)!.body.messages!.at(-1)!.content).toContain('Finish the deck');
    expect(model.requests.at(-1)!.body.messages![0]!.content).toContain(`Today is ${day('2026-03-17')}.`);
  });

  test('a week without actions, or a failing model, is a 502 in planning words; nothing is stored', async () => {
    const c = m.user();
    model.reply({ content: JSON.stringify({ outcomes: ['Something'], actions: [] }) });
    const empty = await c.post('/coaching/generate_action_plan', { prompt: 'Finish the deck', period_key: thisWeek });
    expect([empty.status, empty.body]).toEqual([502, { success: false, error: M.aiMalformed, errors: [M.aiMalformed] }]);
    model.reply({ status: 503 });
    const down = await c.post('/coaching/generate_action_plan', { prompt: 'Finish the deck', period_key: thisWeek });
    expect([down.status, down.body]).toEqual([502, { success: false, error: M.aiUnavailable, errors: [M.aiUnavailable] }]);
    expect((await c.get('/coaching/timeline_items')).body.items).toEqual([]);
  });
});
