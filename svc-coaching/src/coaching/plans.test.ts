import { describe, expect, test } from '@jest/globals';
import { COACHING_MESSAGES as M } from '@cc/contracts';
import { startedForTests } from '@cc/service-kit/testing';
import { coachingWithModel, startCoaching } from '../test-support';
import { DEFAULT_COACHING_PROMPT } from './plans';

const h = startedForTests(startCoaching);

describe('information gathering', () => {
  test('before a first plan: the default prompt and no plan', async () => {
    const c = h.user();
    expect((await c.get('/coaching/information_gathering_prompt')).body).toEqual({
      success: true,
      prompt: DEFAULT_COACHING_PROMPT,
      has_existing_plan: false,
      existing_plan: null,
    });
    expect((await c.get('/coaching/archived_plans')).body).toEqual({ success: true, plans: [] });
  });

  test("submit answers the coach's plan; it becomes the existing plan, and the editor starts from its prompt", async () => {
    const c = h.user();
    const res = await c.post('/coaching/submit_coaching_plan', { prompt: '  I want a promotion to senior engineer this year.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, response: expect.any(String), created_at: expect.any(String) });
    // The offline coach: the goal restated, then the promotion theme's questions.
    expect(res.body.response).toContain('You want a promotion to senior engineer this year.');
    expect(res.body.response).toContain('What does the next level expect that you do not yet show?');
    expect((await c.get('/coaching/information_gathering_prompt')).body).toEqual({
      success: true,
      prompt: 'I want a promotion to senior engineer this year.',
      has_existing_plan: true,
      existing_plan: { response: res.body.response, created_at: res.body.created_at },
    });
  });

  test('a new plan archives the previous one, newest archive first', async () => {
    const c = h.user();
    const first = (await c.post('/coaching/submit_coaching_plan', { prompt: 'Learn public speaking' })).body;
    const second = (await c.post('/coaching/submit_coaching_plan', { prompt: 'Lead my team better' })).body;
    const third = (await c.post('/coaching/submit_coaching_plan', { prompt: 'Find a new job' })).body;
    expect((await c.get('/coaching/information_gathering_prompt')).body.existing_plan).toEqual({
      response: third.response,
      created_at: third.created_at,
    });
    const archived = (await c.get('/coaching/archived_plans')).body;
    expect(archived).toEqual({
      success: true,
      plans: [
        {
          id: expect.any(Number),
          prompt: 'Lead my team better',
          response: second.response,
          created_at: second.created_at,
          archived_at: expect.any(String),
        },
        {
          id: expect.any(Number),
          prompt: 'Learn public speaking',
          response: first.response,
          created_at: first.created_at,
          archived_at: expect.any(String),
        },
      ],
    });
  });

  test("a blank prompt is refused with the spec's message; one user's plans are never another's", async () => {
    const a = h.user();
    const b = h.user();
    const blank = await a.post('/coaching/submit_coaching_plan', { prompt: '   ' });
    expect([blank.status, blank.body]).toEqual([422, { success: false, error: M.promptRequired, errors: [M.promptRequired] }]);
    const long = await a.post('/coaching/submit_coaching_plan', { prompt: 'x'.repeat(20_001) });
    expect([long.status, long.body]).toEqual([422, { success: false, error: M.promptTooLong, errors: [M.promptTooLong] }]);
    await a.post('/coaching/submit_coaching_plan', { prompt: 'My secret plan' });
    await a.post('/coaching/submit_coaching_plan', { prompt: 'My next secret plan' });
    expect((await b.get('/coaching/information_gathering_prompt')).body.has_existing_plan).toBe(false);
    expect((await b.get('/coaching/archived_plans')).body.plans).toEqual([]);
  });

  test('writes need the CSRF token and a session', async () => {
    const c = h.user();
    expect((await c.post('/coaching/submit_coaching_plan', { prompt: 'x' }, { csrf: false })).status).toBe(403);
    c.cookie = undefined;
    expect((await c.get('/coaching/information_gathering_prompt')).status).toBe(401);
  });
});

describe('information gathering through a model', () => {
  const { model, m } = coachingWithModel(h);

  test("the model's plan is the answer; a failing model is a 502 in the coach's words and the current plan stays", async () => {
    const c = m.user();
    model.reply({ content: '# Plan\n\n- Ask my manager about the ladder' });
    const ok = await c.post('/coaching/submit_coaching_plan', { prompt: 'Promotion' });
    expect(ok.body.response).toBe('# Plan\n\n- Ask my manager about the ladder');
    expect(model.requests.at(-1)!.body.messages!.at(-1)!.content).toBe('Promotion');
    model.reply({ status: 503 });
    const down = await c.post('/coaching/submit_coaching_plan', { prompt: 'Another goal' });
    expect([down.status, down.body]).toEqual([502, { success: false, error: M.aiUnavailable, errors: [M.aiUnavailable] }]);
    expect((await c.get('/coaching/information_gathering_prompt')).body.existing_plan.response).toBe(ok.body.response);
    expect((await c.get('/coaching/archived_plans')).body.plans).toEqual([]);
  });
});
