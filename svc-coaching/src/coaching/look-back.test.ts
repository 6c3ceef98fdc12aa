import { describe, expect, test } from '@jest/globals';
import { COACHING_MESSAGES as M, type Question } from '@cc/contracts';
import { startedForTests, type TestClient } from '@cc/service-kit/testing';
import { firstQuestion, startCoaching } from '../test-support';

/** A question's conversation answers the same question's previous period (docs/coaching.md#look-back). */
const h = startedForTests(startCoaching);

const previousOf = async (c: TestClient, questionId: number, periodKey: string) =>
  (await c.get(`/coaching/onboarding_conversation?question_id=${questionId}&period_key=${periodKey}`)).body.previous;
const send = (c: TestClient, question_id: number, period_key: string, message: string) =>
  c.post('/coaching/onboarding_send_message', { question_id, period_key, message });
const notes = (c: TestClient, question_id: number, period_key: string, content: string) =>
  c.post('/coaching/onboarding_save_content', { question_id, period_key, content });

describe('the previous period of a question', () => {
  test("last week's score and answer: the notes, else the user's last answer in its chat", async () => {
    const c = h.user();
    const q = await firstQuestion<Question>(c, 'end_of_week', '2026-W10');
    await send(c, q.id, '2026-W09', M.reflectingOn(q.text));
    const answered = await send(c, q.id, '2026-W09', 'I shipped the billing fix and mentored Sam.\nMore on Monday.');
    expect(answered.body.score).toEqual(expect.any(Number));
    expect(await previousOf(c, q.id, '2026-W10')).toEqual({
      period_key: '2026-W09',
      label: 'Last week',
      score: answered.body.score,
      line: 'I shipped the billing fix and mentored Sam.',
    });

    // Notes win over the chat, as one plain line; notes alone have no score.
    await notes(c, q.id, '2026-W09', '## This week\n- **Closed** the [hiring loop](https://example.test/loop)');
    expect(await previousOf(c, q.id, '2026-W10')).toMatchObject({ line: 'This week', score: answered.body.score });
    await notes(c, q.id, '2026-W10', '- **Closed** the [hiring loop](https://example.test/loop)\n- Planned Q2');
    expect(await previousOf(c, q.id, '2026-W11')).toEqual({
      period_key: '2026-W10',
      label: 'Last week',
      score: null,
      line: 'Closed the hiring loop',
    });
    // The week before last is not last week.
    expect(await previousOf(c, q.id, '2026-W12')).toBeNull();
  });

  test('each kind of period is named as a person says it; a long answer is one line of at most 160 characters', async () => {
    const c = h.user();
    const cases = [
      ['start_of_day', '2026-03-01', '2026-03-02', 'Yesterday'],
      ['monthly', '2026-01', '2026-02', 'Last month'],
      ['quarterly', '2025-Q4', '2026-Q1', 'Last quarter'],
      ['semester', '2025-H2', '2026-H1', 'Last half-year'],
    ] as const;
    for (const [type, before, now, label] of cases) {
      const q = await firstQuestion<Question>(c, type, now);
      await notes(c, q.id, before, `Notes of ${before}`);
      expect(await previousOf(c, q.id, now)).toEqual({ period_key: before, label, score: null, line: `Notes of ${before}` });
    }
    const q = await firstQuestion<Question>(c, 'start_of_week', '2026-W20');
    await notes(c, q.id, '2026-W19', `${'word '.repeat(60)}end`);
    const { line } = await previousOf(c, q.id, '2026-W20');
    expect(line.length).toBeLessThanOrEqual(160);
    expect(line.endsWith('…')).toBe(true);
  });

  test('null when the period before holds nothing: no conversation, only the automatic first message, blank notes; onboarding has none', async () => {
    const c = h.user();
    const q = await firstQuestion<Question>(c, 'start_of_day', '2026-04-02');
    expect(await previousOf(c, q.id, '2026-04-02')).toBeNull();
    await send(c, q.id, '2026-04-01', M.reflectingOn(q.text));
    expect(await previousOf(c, q.id, '2026-04-02')).toBeNull();
    await notes(c, q.id, '2026-04-01', '  \n');
    expect(await previousOf(c, q.id, '2026-04-02')).toBeNull();
    const onboarding = await firstQuestion<Question>(c, 'onboarding', 'onboarding');
    await send(c, onboarding.id, 'onboarding', 'I lead a team of 6.');
    expect(await previousOf(c, onboarding.id, 'onboarding')).toBeNull();
  });

  test("another user's answers, and another question's, are never read", async () => {
    const a = h.user();
    const b = h.user();
    const q = await firstQuestion<Question>(a, 'monthly', '2026-06');
    await notes(a, q.id, '2026-05', 'Private notes of a');
    await send(a, q.id, '2026-05', 'Private answer of a');
    expect(await previousOf(b, q.id, '2026-06')).toBeNull();
    await notes(b, q.id, '2026-05', "b's own");
    expect((await previousOf(a, q.id, '2026-06')).line).toBe('Private notes of a');
    expect((await previousOf(b, q.id, '2026-06')).line).toBe("b's own");
    const sections = (await a.get('/coaching/questionnaire_sections?type=monthly&period_key=2026-06')).body.sections;
    const other = sections.flatMap((s: { questions: Question[] }) => s.questions).find((x: Question) => x.id !== q.id);
    expect(await previousOf(a, other.id, '2026-06')).toBeNull();
  });
});
