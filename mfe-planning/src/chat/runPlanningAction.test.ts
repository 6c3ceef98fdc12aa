import { afterEach, describe, expect, it } from '@jest/globals';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { formatDayInWords } from '@cc/contracts/dates';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { milestone, todo } from '../testing/fixtures';
import { runPlanningAction } from './runPlanningAction';

let fake: ReturnType<typeof installContractApi> | undefined;
afterEach(() => {
  fake?.uninstall();
  fake?.assertNoViolations();
});

const made = todo({ title: 'Call Sam' });

describe('running the action a planning-chat reply embeds', () => {
  it('creates a todo with todo_data as JSON text, says so, and refreshes 1 s later', async () => {
    fake = installContractApi({
      'POST /planning/chat_create_todo': () => ({ success: true, errors: [], message: 'Created the todo "Call Sam".', todo: made }),
    });
    const outcome = await runPlanningAction({ action: 'create_todo', todo_data: { title: 'Call Sam', tags: ['work'] } });
    expect(fake.find('POST', '/planning/chat_create_todo')[0]!.body).toEqual({ todo_data: '{"title":"Call Sam","tags":["work"]}' });
    expect(outcome).toEqual({ message: 'Created the todo "Call Sam".', created: true, refreshAfterMs: 1000 });
  });

  it('says the result with its dates as the lists write them, not ISO', async () => {
    const created = todo({ title: 'Send the deck', due_date: '2026-11-27' });
    const steps = [todo({ due_date: '2026-11-26' }), todo({ due_date: '2027-02-28' })];
    fake = installContractApi({
      'POST /planning/chat_create_todo': () => ({
        success: true,
        errors: [],
        message: 'Created the todo "Send the deck", due 2026-11-27.',
        todo: created,
      }),
      'POST /planning/generate_workback_plan': () => ({
        success: true,
        errors: [],
        message: 'ISO',
        milestone: milestone({ title: 'Promotion', target_date: '2027-03-01' }),
        todos: steps,
      }),
    });
    const done = await runPlanningAction({ action: 'create_todo', todo_data: { title: 'Send the deck' } });
    expect(done.message).toBe(`Created the todo "Send the deck", due ${formatDayInWords('2026-11-27')}.`);
    expect(done.message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const planned = await runPlanningAction({
      action: 'create_workback_plan',
      goal_data: { title: 'Promotion', target_date: '2027-03-01' },
    });
    expect(planned.message).toBe(
      `Created the milestone "Promotion" (target ${formatDayInWords('2027-03-01')}) with 2 dated todos, from ${formatDayInWords('2026-11-26')} to ${formatDayInWords('2027-02-28')}.`,
    );
  });

  it('creates a workback plan with goal_data as JSON text and refreshes 1.5 s later', async () => {
    fake = installContractApi({
      'POST /planning/generate_workback_plan': () => ({
        success: true,
        errors: [],
        message: 'Planned.',
        milestone: milestone({ title: 'Promotion', target_date: '2027-03-01' }),
        todos: [],
      }),
    });
    const outcome = await runPlanningAction({
      action: 'create_workback_plan',
      goal_data: { title: 'Promotion', target_date: '2027-03-01' },
    });
    expect(JSON.parse(String(fake.find('POST', '/planning/generate_workback_plan')[0]!.body!.goal_data))).toEqual({
      title: 'Promotion',
      target_date: '2027-03-01',
    });
    expect(outcome.refreshAfterMs).toBe(1500);
  });

  it("says the spec's lines when the server refuses (its reasons) or cannot be reached", async () => {
    fake = installContractApi({
      'POST /planning/chat_create_todo': () => ({ status: 422, body: { success: false, errors: [M.titleRequired, M.dueDateInvalid] } }),
      'POST /planning/generate_workback_plan': () => ({ network: true }),
    });
    expect((await runPlanningAction({ action: 'create_todo', todo_data: { title: 'Call Sam' } })).message).toBe(
      `Sorry, I couldn't create the todo: ${M.titleRequired}, ${M.dueDateInvalid}`,
    );
    const goal = { title: 'Promotion', target_date: '2027-03-01' };
    expect((await runPlanningAction({ action: 'create_workback_plan', goal_data: goal })).message).toBe(M.chatPlanError);
  });
});
