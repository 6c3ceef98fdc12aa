import { describe, expect, test } from '@jest/globals';
import { addDays, localIsoDate, PLANNING_MESSAGES as M } from '@cc/contracts';
import { formatDayInWords } from '@cc/contracts/dates';
import { refused, startedForTests } from '@cc/service-kit/testing';
import { startCoaching } from '../test-support';
import { workbackSteps } from './workback';

const h = startedForTests(startCoaching);

const today = localIsoDate();

describe('POST /planning/chat_create_todo (todo_data as JSON text)', () => {
  test('creates the todo and names it; tags arrive as a list', async () => {
    const c = h.user();
    const todo_data = JSON.stringify({
      title: 'Send the deck',
      due_date: '2026-11-27',
      description: 'Final version',
      tags: ['work', 'Work '],
    });
    const res = await c.post('/planning/chat_create_todo', { todo_data });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      errors: [],
      // The day as every list shows it, not ISO (issue 18).
      message: `Created the todo "Send the deck", due ${formatDayInWords('2026-11-27')}.`,
      todo: { title: 'Send the deck', due_date: '2026-11-27', description: 'Final version', tags: ['work'], completed: false },
    });
    expect((await c.get('/planning/todos')).body.todos).toHaveLength(1);
  });

  test('broken JSON and bad fields are refused with every reason, never a 500, and create nothing', async () => {
    const c = h.user();
    const cases: [unknown, string[]][] = [
      ['{"title": "Send the deck",', [M.todoDataInvalid]],
      ['"just text"', [M.todoDataShape]],
      ['{"title": "", "due_date": "Friday", "tags": "a,b"}', [M.titleRequired, M.dueDateInvalid]],
      [undefined, [M.todoDataRequired]],
      [42, [M.todoDataRequired]],
      ['x'.repeat(20_001), [M.payloadTooLong]],
    ];
    for (const [todo_data, errors] of cases) {
      const res = await c.post('/planning/chat_create_todo', { todo_data });
      expect([todo_data, res.status, res.body]).toEqual([todo_data, 422, refused(...errors)]);
    }
    expect((await c.get('/planning/todos')).body.todos).toEqual([]);
  });
});

describe('POST /planning/generate_workback_plan (goal_data as JSON text)', () => {
  test('creates a milestone and dated todos linked to it, worked back from the target date', async () => {
    const c = h.user();
    const target = addDays(today, 100);
    const res = await c.post('/planning/generate_workback_plan', {
      goal_data: JSON.stringify({ goal: 'Get promoted', target_date: target, context: 'Manager wants a design doc' }),
    });
    expect(res.status).toBe(201);
    const { milestone, todos, message } = res.body;
    expect(milestone).toMatchObject({
      title: 'Get promoted',
      target_date: target,
      milestone_type: 'workback',
      progress: { done: 0, total: 5 },
    });
    expect(todos.map((t: { due_date: string }) => t.due_date)).toEqual([
      today,
      addDays(today, 25),
      addDays(today, 49),
      addDays(today, 74),
      addDays(target, -1),
    ]);
    expect(todos.map((t: { title: string }) => t.title)).toEqual([
      'Define what the next level looks like',
      'Ask my manager what the promotion needs',
      'Draft the promotion case',
      'Get feedback on the promotion case',
      'Check the promotion case is ready',
    ]);
    for (const t of todos) expect(t).toMatchObject({ milestone_id: milestone.id, tags: ['workback'], completed: false });
    // The context once, on the first step, where the goal is defined: on all five it reads as pasted.
    expect(todos.map((t: { description: string }) => t.description.includes('Keep in mind: Manager wants a design doc'))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(message).toBe(
      `Created the milestone "Get promoted" (target ${formatDayInWords(target)}) with 5 dated todos, from ${formatDayInWords(today)} to ${formatDayInWords(addDays(target, -1))}.`,
    );
    expect((await c.get('/planning/milestones')).body.milestones).toEqual([{ ...milestone, progress: { done: 0, total: 5 } }]);
    expect((await c.get('/planning/todos')).body.todos).toHaveLength(5);
  });

  test('bad goals are refused with every reason and create nothing', async () => {
    const c = h.user();
    const cases: [unknown, string[]][] = [
      ['{"goal": "Get promoted", "target_date": ', [M.goalDataInvalid]],
      ['[]', [M.goalDataShape]],
      ['{"target_date": "2027-02-30"}', [M.targetDateInvalid, M.goalTitleRequired]],
      [JSON.stringify({ title: 'Get promoted' }), [M.targetDateRequired]],
      [JSON.stringify({ title: 'Get promoted', target_date: addDays(today, -30) }), [M.targetDatePast]],
      [
        JSON.stringify({ title: 'x'.repeat(201), target_date: addDays(today, 30), context: 'y'.repeat(2001) }),
        [M.titleTooLong, M.contextTooLong],
      ],
      [null, [M.goalDataRequired]],
    ];
    for (const [goal_data, errors] of cases) {
      const res = await c.post('/planning/generate_workback_plan', { goal_data });
      expect([goal_data, res.status, res.body]).toEqual([goal_data, 422, refused(...errors)]);
    }
    expect((await c.get('/planning/milestones')).body.milestones).toEqual([]);
    expect((await c.get('/planning/todos')).body.todos).toEqual([]);
  });

  test('a plan that fails half-way leaves nothing behind', async () => {
    const c = h.user();
    const db = h.database.db;
    // The third step's insert fails (as a lost connection or a full disk would), after the milestone and two todos.
    await db.raw(`create function coaching.fail_third_step() returns trigger language plpgsql as $$
      begin
        if new.title like 'Take the biggest step towards%' and new.user_id = ${c.id} then raise exception 'disk full'; end if;
        return new;
      end $$`);
    await db.raw('create trigger fail_third_step before insert on coaching.todos for each row execute function coaching.fail_third_step()');
    try {
      const res = await c.post('/planning/generate_workback_plan', {
        goal_data: JSON.stringify({ title: 'Run a marathon', target_date: addDays(today, 60) }),
      });
      expect(res.status).toBe(500);
      expect(res.body.success).toBe(false);
    } finally {
      await db.raw('drop trigger fail_third_step on coaching.todos');
      await db.raw('drop function coaching.fail_third_step()');
    }
    expect((await c.get('/planning/milestones')).body.milestones).toEqual([]);
    expect((await c.get('/planning/todos')).body.todos).toEqual([]);
  });
});

describe('workback schedule', () => {
  const goal = { title: 'Ship it', target_date: '2026-12-31', description: '', milestone_type: '', context: '' };

  test('a near target puts several steps on one day, never before today nor after the target', () => {
    expect(workbackSteps({ ...goal, target_date: '2026-11-25' }, '2026-11-23').map((s) => s.due_date)).toEqual([
      '2026-11-23',
      '2026-11-23',
      '2026-11-23',
      '2026-11-24',
      '2026-11-24',
    ]);
  });

  test('a target today or tomorrow gets three steps, the last check on the day itself, and no booking on the day', () => {
    expect(workbackSteps({ ...goal, target_date: '2026-11-23' }, '2026-11-23').map((s) => s.due_date)).toEqual(Array(3).fill('2026-11-23'));
    const tomorrow = workbackSteps({ ...goal, title: '1:1 with Dana about my workload', target_date: '2026-11-24' }, '2026-11-23');
    expect(tomorrow.map((s) => s.due_date)).toEqual(['2026-11-23', '2026-11-23', '2026-11-24']);
    expect(tomorrow.map((s) => s.title).join(' ')).not.toMatch(/Book/);
  });

  test('each description fits its own title, in the user voice, and the context goes once on the step naming its person', () => {
    const steps = workbackSteps({ ...goal, title: '1:1 with Sam about missed deadlines', target_date: '2026-12-21' }, '2026-11-23');
    expect(steps[2]).toMatchObject({ title: 'Book time with Sam', description: expect.stringContaining('send the invitation') });
    const handover = workbackSteps({ ...goal, title: 'Hand over the billing platform', context: 'The new lead is Tomasz.' }, '2026-11-23');
    expect(handover.map((s) => s.description.includes('Keep in mind: The new lead is Tomasz.'))).toEqual([
      false,
      false,
      false,
      true,
      false,
    ]);
    expect(handover[3]!.title).toBe('Walk Tomasz through the billing platform');
    for (const s of steps) expect(s.description).not.toMatch(/\byou\b/i);
  });

  test('titles stay within the limit, however long the goal', () => {
    for (const step of workbackSteps({ ...goal, title: 'g'.repeat(200) }, '2026-11-23')) expect(step.title.length).toBeLessThanOrEqual(200);
  });

  test('titles are short imperatives from the goal (verb and object), not "lead: goal"; a manager the context names is asked', () => {
    const titles = (title: string, context = '') => workbackSteps({ ...goal, title, context }, '2026-11-23').map((s) => s.title);
    expect(titles('Get promoted', 'My manager Dana chairs the promo panel')).toEqual([
      'Define what the next level looks like',
      'Ask Dana what the promotion needs',
      'Draft the promotion case',
      'Get feedback on the promotion case',
      'Check the promotion case is ready',
    ]);
    expect(titles('Launching the beta')).toEqual([
      'Define what done looks like for the beta',
      'List what the beta still needs',
      'Finish the main work on the beta',
      'Get feedback on the beta',
      'Check the beta is ready to launch',
    ]);
    for (const title of [
      'Ship the new pricing page',
      'Run a half marathon',
      'Prepare for the interview at Acme',
      'Q3 planning',
      'Learn SQL',
    ]) {
      for (const t of titles(title)) {
        expect(t).not.toContain(':');
        expect(t.length).toBeLessThanOrEqual(60);
      }
    }
  });

  test('a target a day back (the user a time zone behind) puts every step on it, none earlier', () => {
    expect(workbackSteps({ ...goal, target_date: '2026-11-22' }, '2026-11-23').map((s) => s.due_date)).toEqual(Array(3).fill('2026-11-22'));
  });
});
