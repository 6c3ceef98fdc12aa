import { describe, expect, test } from '@jest/globals';
import { tablesWithoutOwner } from '@cc/service-kit';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { firstQuestion, startCoaching } from './test-support';

const h = startedForTests(startCoaching);

/** A milestone with a todo (planning), an action plan week and a check-in answer (coaching). */
async function fill(c: TestClient): Promise<void> {
  const milestone = (await c.post('/planning/milestones', { milestone: { title: 'Launch', target_date: '2027-01-15' } })).body.milestone;
  await c.post('/planning/todos', { todo: { title: 'Write the plan', milestone_id: milestone.id } });
  await c.post('/coaching/create_empty_action_plan', {});
  const q = await firstQuestion(c, 'start_of_day', '2026-03-02');
  await c.post('/coaching/onboarding_save_content', { question_id: q.id, period_key: '2026-03-02', content: 'Ship the billing fix.' });
}

const counts = async (c: TestClient) => ({
  todos: (await c.get('/planning/todos')).body.todos.length as number,
  milestones: (await c.get('/planning/milestones')).body.milestones.length as number,
  answers: (await c.get('/coaching/checkin_answers')).body.answers.length as number,
});

describe('DELETE /coaching/account', () => {
  test("deletes the caller's planning and coaching rows, and only theirs; the questionnaires stay", async () => {
    const [me, other] = [h.user(), h.user()];
    await fill(me);
    await fill(other);
    expect(await counts(me)).toEqual({ todos: 1, milestones: 1, answers: 1 });

    const res = await me.delete('/coaching/account');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect(await counts(me)).toEqual({ todos: 0, milestones: 0, answers: 0 });
    expect((await me.get('/coaching/current_action_plan')).body).toMatchObject({ has_plan: false, plan: null });
    expect(await counts(other)).toEqual({ todos: 1, milestones: 1, answers: 1 });
    // The questionnaire is everyone's: the next user still finds its questions.
    expect((await firstQuestion(h.user(), 'start_of_day', '2026-03-02')).id).toEqual(expect.any(Number));
  });

  test('deleting again is fine, and it needs the session and the CSRF token', async () => {
    const me = h.user();
    await fill(me);
    expect((await me.delete('/coaching/account', { csrf: false })).status).toBe(403);
    expect((await new TestClient(h.svc.url).delete('/coaching/account')).status).toBe(401);
    expect((await counts(me)).todos).toBe(1);
    expect((await me.delete('/coaching/account')).status).toBe(200);
    expect((await me.delete('/coaching/account')).body).toEqual({ success: true });
  });

  test('every table of the schema holds rows by user_id, but the shared questionnaires', async () => {
    expect(await tablesWithoutOwner(h.database.db, 'coaching')).toEqual(['questionnaire_questions', 'questionnaire_sections']);
  });
});
