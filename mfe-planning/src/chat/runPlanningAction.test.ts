import { afterEach, describe, expect, it } from '@jest/globals';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { installFakeApi } from '../testing/fakeApi';
import { runPlanningAction } from './runPlanningAction';

let fake: ReturnType<typeof installFakeApi> | undefined;
afterEach(() => fake?.uninstall());

describe('running the action a planning-chat reply embeds', () => {
  it('creates a todo with todo_data as JSON text, says so, and refreshes 1 s later', async () => {
    fake = installFakeApi((req) =>
      req.path === '/planning/chat_create_todo'
        ? { status: 201, body: { success: true, errors: [], message: 'Created the todo "Call Sam".' } }
        : undefined,
    );
    const outcome = await runPlanningAction({ action: 'create_todo', todo_data: { title: 'Call Sam', tags: ['work'] } });
    expect(fake.find('POST', '/planning/chat_create_todo')[0]!.body).toEqual({ todo_data: '{"title":"Call Sam","tags":["work"]}' });
    expect(outcome).toEqual({ message: 'Created the todo "Call Sam".', created: true, refreshAfterMs: 1000 });
  });

  it('creates a workback plan with goal_data as JSON text and refreshes 1.5 s later', async () => {
    fake = installFakeApi((req) =>
      req.path === '/planning/generate_workback_plan'
        ? { status: 201, body: { success: true, errors: [], message: 'Planned.' } }
        : undefined,
    );
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

  it("says the spec's lines when the server refuses or cannot be reached", async () => {
    fake = installFakeApi((req) =>
      req.path === '/planning/chat_create_todo'
        ? { status: 422, body: { success: false, errors: [M.titleRequired, M.dueDateInvalid] } }
        : { network: true },
    );
    expect((await runPlanningAction({ action: 'create_todo', todo_data: {} })).message).toBe(
      `Sorry, I couldn't create the todo: ${M.titleRequired}, ${M.dueDateInvalid}`,
    );
    expect((await runPlanningAction({ action: 'create_workback_plan', goal_data: {} })).message).toBe(M.chatPlanError);
  });
});
