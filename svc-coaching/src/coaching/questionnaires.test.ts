import { describe, expect, test } from '@jest/globals';
import { COACHING_MESSAGES as M, QUESTIONNAIRE_TYPES, stepPeriod } from '@cc/contracts';
import { startedForTests } from '@cc/service-kit/testing';
import { startCoaching, type CoachingHarness } from '../test-support';
import { defaultQuestionnaires } from './migrations/002_default_questionnaires';
import { adminClient } from './test-clients';

const h = startedForTests(startCoaching);

const KEYS = {
  onboarding: 'onboarding',
  start_of_day: '2026-03-02',
  end_of_day: '2026-12-31',
  start_of_week: '2026-W53',
  end_of_week: '2027-W01',
  monthly: '2026-12',
  quarterly: '2026-Q4',
  semester: '2026-H1',
} as const;

const sections = (c: ReturnType<CoachingHarness['user']>, type: string, periodKey?: string) =>
  c.get(`/coaching/questionnaire_sections?type=${type}${periodKey === undefined ? '' : `&period_key=${encodeURIComponent(periodKey)}`}`);

describe('the default questionnaires', () => {
  test.each(QUESTIONNAIRE_TYPES)('%s has sections with descriptions and questions with a text and a coaching prompt', async (type) => {
    const res = await sections(h.user(), type, KEYS[type]);
    expect(res.status).toBe(200);
    expect(res.body.questionnaire_type).toBe(type);
    expect(res.body.period_key).toBe(KEYS[type]);
    expect(res.body.is_admin).toBe(false);
    expect(res.body.sections.length).toBeGreaterThanOrEqual(2);
    for (const [i, section] of res.body.sections.entries()) {
      expect(section).toMatchObject({ position: i + 1, questionnaire_type: type });
      expect(section.description.length).toBeGreaterThan(20);
      expect(section.questions.length).toBeGreaterThanOrEqual(2);
      for (const [j, q] of section.questions.entries()) {
        expect(q).toMatchObject({
          position: j + 1,
          onboarding_section_id: section.id,
          questionnaire_type: type,
          score: null,
          has_notes: false,
        });
        expect(q.text).toMatch(/\?$/);
        expect(q.prompt.length).toBeGreaterThan(40);
      }
    }
    expect(res.body.summary).toEqual({
      answered: 0,
      total: res.body.sections.flatMap((s: { questions: unknown[] }) => s.questions).length,
      average_score: null,
    });
  });

  test('seeding again adds nothing (idempotent)', async () => {
    const count = async () => {
      const db = h.database.db;
      const [s] = await db('coaching.questionnaire_sections').count({ n: '*' });
      const [q] = await db('coaching.questionnaire_questions').count({ n: '*' });
      return [Number(s!.n), Number(q!.n)];
    };
    const before = await count();
    expect(before[1]).toBeGreaterThanOrEqual(32);
    await defaultQuestionnaires.up(h.database.db, 'coaching');
    expect(await count()).toEqual(before);
  });

  test("the questionnaires are shared: every user sees the same sections; is_admin is the session's", async () => {
    const a = await sections(h.user(), 'monthly', '2026-05');
    const b = await sections(h.user(), 'monthly', '2026-06');
    expect(b.body.sections.map((s: { id: number }) => s.id)).toEqual(a.body.sections.map((s: { id: number }) => s.id));
    expect((await sections(adminClient(h), 'monthly', '2026-05')).body.is_admin).toBe(true);
  });
});

describe('period keys follow the questionnaire', () => {
  test.each([
    ['start_of_day', '2026-02-30'],
    ['end_of_day', '2026-W10'],
    ['start_of_week', '2025-W53'],
    ['end_of_week', '2026-03-02'],
    ['monthly', '2026-13'],
    ['quarterly', '2026-Q5'],
    ['semester', '2026-H3'],
    ['onboarding', '2026-03-02'],
  ] as const)('%s refuses %s with 422 and the expected form', async (type, key) => {
    const res = await sections(h.user(), type, key);
    expect([res.status, res.body]).toEqual([422, { success: false, error: M.periodKeyInvalid(type), errors: [M.periodKeyInvalid(type)] }]);
  });

  test('a missing key is refused, except for onboarding (answered once); an unknown type is named', async () => {
    const c = h.user();
    expect((await sections(c, 'start_of_day')).body).toEqual({
      success: false,
      error: M.periodKeyInvalid('start_of_day'),
      errors: [M.periodKeyInvalid('start_of_day')],
    });
    expect((await sections(c, 'onboarding')).body.period_key).toBe('onboarding');
    expect((await sections(c, 'weekly', '2026-W01')).body).toEqual({ success: false, error: M.typeInvalid, errors: [M.typeInvalid] });
    expect((await sections(c, 'monthly', 'x'.repeat(21))).body).toEqual({
      success: false,
      error: M.periodKeyText,
      errors: [M.periodKeyText],
    });
  });
});

describe("a user's scores in the questionnaire", () => {
  test('the period shows its scores and notes; each question carries the recent periods, oldest first; other users see none', async () => {
    const c = h.user();
    const day = '2027-01-01';
    const first = (await sections(c, 'end_of_day', day)).body.sections[0].questions[0];
    await c.post('/coaching/onboarding_send_message', {
      question_id: first.id,
      period_key: day,
      message: 'Yesterday I shipped the billing migration for 3 teams; I learned to plan rollbacks, and next I will write the runbook.',
    });
    await c.post('/coaching/onboarding_save_content', { question_id: first.id, period_key: stepPeriod(day, -2), content: 'Notes' });
    const res = (await sections(c, 'end_of_day', day)).body;
    const q = res.sections[0].questions[0];
    expect(q.score).toBeGreaterThan(0);
    expect(q.has_notes).toBe(false);
    expect(q.recent_scores).toEqual([
      ...[-7, -6, -5, -4, -3, -2, -1].map((n) => ({ period_key: stepPeriod(day, n), score: null })),
      { period_key: day, score: q.score },
    ]);
    expect(res.summary).toMatchObject({ answered: 1, average_score: q.score });
    const earlier = (await sections(c, 'end_of_day', stepPeriod(day, -2))).body.sections[0].questions[0];
    expect([earlier.score, earlier.has_notes]).toEqual([null, true]);
    const other = (await sections(h.user(), 'end_of_day', day)).body;
    expect(other.sections[0].questions[0]).toMatchObject({ score: null, has_notes: false });
    expect(other.summary.answered).toBe(0);
  });

  test('week keys roll over the ISO year in the recent periods', async () => {
    const res = (await sections(h.user(), 'start_of_week', '2027-W02')).body;
    expect(res.sections[0].questions[0].recent_scores.map((r: { period_key: string }) => r.period_key)).toEqual([
      '2026-W48',
      '2026-W49',
      '2026-W50',
      '2026-W51',
      '2026-W52',
      '2026-W53',
      '2027-W01',
      '2027-W02',
    ]);
  });
});
