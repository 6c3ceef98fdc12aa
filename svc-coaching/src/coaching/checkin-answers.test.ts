import { beforeAll, expect, test } from '@jest/globals';
import { CHECKIN_ANSWERS_MESSAGES, COACHING_MESSAGES } from '@cc/contracts';
import { startedForTests } from '@cc/service-kit/testing';
import { firstQuestion, startCoaching } from '../test-support';
import { unscoredOpeners } from './migrations/004_unscored_openers';

const h = startedForTests(startCoaching);
let day: { id: number; title: string; text: string };
let week: { id: number; title: string };
beforeAll(async () => {
  const c = h.user();
  day = await firstQuestion(c, 'start_of_day', '2026-03-02');
  week = await firstQuestion(c, 'end_of_week', '2026-W10');
});

test('the latest written answers first: the summary, else the entries, else what the user said (not the opener)', async () => {
  const c = h.user();
  await c.post('/coaching/onboarding_save_content', { question_id: day.id, period_key: '2026-03-02', content: 'Ship the billing fix.' });
  await c.post('/coaching/onboarding_send_message', {
    question_id: day.id,
    period_key: '2026-03-03',
    message: COACHING_MESSAGES.reflectingOn(day.text),
  });
  await c.post('/coaching/onboarding_send_message', {
    question_id: week.id,
    period_key: '2026-W10',
    message: 'I led the migration to Postgres 17.',
  });
  const res = await c.get('/coaching/checkin_answers');
  expect(res.status).toBe(200);
  expect(res.body.answers).toEqual([
    expect.objectContaining({
      question_id: week.id,
      question_title: week.title,
      questionnaire_type: 'end_of_week',
      period_key: '2026-W10',
      answer: 'I led the migration to Postgres 17.',
      score: expect.any(Number),
    }),
    expect.objectContaining({
      question_id: day.id,
      questionnaire_type: 'start_of_day',
      period_key: '2026-03-02',
      answer: 'Ship the billing fix.',
      score: null,
    }),
  ]);
  // The chat of only the automatic first message is no answer: not listed, and stored without a score.
  expect(res.body.answers.some((a: { period_key: string }) => a.period_key === '2026-03-03')).toBe(false);
  expect((await c.get(`/coaching/onboarding_conversation?question_id=${day.id}&period_key=2026-03-03`)).body).toMatchObject({
    score: null,
  });
  expect((await c.get('/coaching/checkin_answers?limit=1')).body.answers).toHaveLength(1);
  // Another user's answers are never listed.
  expect((await h.user().get('/coaching/checkin_answers')).body).toEqual({ success: true, answers: [] });
});

test('a limit out of bounds is 422', async () => {
  const res = await h.user().get('/coaching/checkin_answers?limit=51');
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual([CHECKIN_ANSWERS_MESSAGES.limitInvalid]);
});

test('a score of 0 stored for the automatic first message alone (before migration 004) is undone; answered ones stay', async () => {
  const c = h.user();
  const db = h.database.db;
  const opener = COACHING_MESSAGES.reflectingOn(day.text);
  const rows = [
    { period_key: '2026-04-01', messages: [opener, 'Welcome'], score: 0 },
    { period_key: '2026-04-02', messages: [opener, 'Welcome', 'I closed the 3 tickets.', 'Good'], score: 64 },
  ];
  for (const r of rows) {
    await db('coaching.question_conversations').insert({
      user_id: c.id,
      question_id: day.id,
      period_key: r.period_key,
      messages: JSON.stringify(r.messages.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content }))),
      score: r.score,
      score_feedback: 'There is no answer to score yet.',
    });
  }
  await unscoredOpeners.up(db, 'coaching');
  const scoreOf = async (period: string) =>
    (await c.get(`/coaching/onboarding_conversation?question_id=${day.id}&period_key=${period}`)).body;
  expect(await scoreOf('2026-04-01')).toMatchObject({ score: null, score_feedback: '' });
  expect(await scoreOf('2026-04-02')).toMatchObject({ score: 64 });
});
