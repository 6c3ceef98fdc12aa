import { describe, expect, test } from '@jest/globals';
import { COACHING_MESSAGES as M, type Question } from '@cc/contracts';
import { createAiProvider, type AiProvider, type ChatReplyInput } from '@cc/ai';
import { startedForTests, startTestService } from '@cc/service-kit/testing';
import { coachingService } from '../service';
import { coachingWithModel, firstQuestion, startCoaching } from '../test-support';
import { PREVIOUS_ANSWER_CHARS, previousPeriodKey } from './checkin-page';

/** The offline coach, keeping every chat reply's input (what the coach was handed). */
function recordingProvider(): { provider: AiProvider; inputs: ChatReplyInput[] } {
  const inputs: ChatReplyInput[] = [];
  const coach = createAiProvider({});
  const provider = new Proxy(coach, {
    get(target, prop, receiver) {
      if (prop === 'chatReply') {
        return (input: ChatReplyInput) => {
          inputs.push(input);
          return target.chatReply(input);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { provider, inputs };
}

const h = startedForTests(startCoaching);
const { provider, inputs } = recordingProvider();
const recorded = startedForTests(() => startTestService(coachingService, h.database.db, { aiProvider: provider }));

const send = (c: ReturnType<typeof h.user>, question_id: number, period_key: string, message: string) =>
  h.as(c, recorded.url).post('/coaching/onboarding_send_message', { question_id, period_key, message });

describe("the check-in chat is handed its question and the previous period's answer", () => {
  test('the notes of the period before, else its last answer; the question and its prompt', async () => {
    const c = h.user();
    const q = await firstQuestion<Question>(c, 'end_of_week', '2026-W10');
    // Week 9: answered in the chat only. Week 10: notes kept.
    await send(c, q.id, '2026-W09', M.reflectingOn(q.text));
    await send(c, q.id, '2026-W09', 'I shipped the billing fix and mentored Sam.');
    await c.post('/coaching/onboarding_save_content', { question_id: q.id, period_key: '2026-W10', content: '- Closed the hiring loop\n' });

    expect((await send(c, q.id, '2026-W10', 'This week I planned Q2.')).body.success).toBe(true);
    expect(inputs.at(-1)!.page).toEqual({
      kind: 'checkin',
      questionTitle: q.title,
      question: q.text,
      ...(q.prompt.trim() ? { prompt: q.prompt } : {}),
      periodKey: '2026-W10',
      previous: { periodKey: '2026-W09', answer: 'I shipped the billing fix and mentored Sam.' },
    });

    // The week after reads this week's notes, which win over its chat's answers.
    await send(c, q.id, '2026-W11', 'Anything');
    expect(inputs.at(-1)!.page).toMatchObject({ previous: { periodKey: '2026-W10', answer: '- Closed the hiring loop' } });
  });

  test('nothing before: no previous; a long answer is bounded', async () => {
    const c = h.user();
    const q = await firstQuestion<Question>(c, 'start_of_day', '2026-01-01');
    await send(c, q.id, '2026-01-01', 'First day.');
    expect(inputs.at(-1)!.page).not.toHaveProperty('previous');
    await c.post('/coaching/onboarding_save_content', { question_id: q.id, period_key: '2026-01-01', content: 'x'.repeat(5000) });
    await send(c, q.id, '2026-01-02', 'Second day.');
    const page = inputs.at(-1)!.page;
    expect(page?.kind === 'checkin' && page.previous?.periodKey).toBe('2026-01-01');
    expect(page?.kind === 'checkin' && page.previous?.answer.length).toBe(PREVIOUS_ANSWER_CHARS);
  });

  test('onboarding is answered once: it has no previous period', async () => {
    const c = h.user();
    const q = await firstQuestion<Question>(c, 'onboarding', 'onboarding');
    expect(previousPeriodKey(q, 'onboarding')).toBeUndefined();
    await send(c, q.id, 'onboarding', 'I lead a team of 6.');
    expect(inputs.at(-1)!.page).toMatchObject({ kind: 'checkin', periodKey: 'onboarding' });
    expect(inputs.at(-1)!.page).not.toHaveProperty('previous');
  });

  test('the period before rolls months, quarters and semesters over the year', () => {
    const q = (questionnaire_type: Question['questionnaire_type']) => ({ questionnaire_type }) as Question;
    expect(previousPeriodKey(q('monthly'), '2026-01')).toBe('2025-12');
    expect(previousPeriodKey(q('quarterly'), '2026-Q1')).toBe('2025-Q4');
    expect(previousPeriodKey(q('semester'), '2026-H1')).toBe('2025-H2');
    expect(previousPeriodKey(q('start_of_week'), '2026-W01')).toBe('2025-W52');
  });
});

describe("a model is told last period's answer", () => {
  const { model, m } = coachingWithModel(h);

  test("in the system prompt, in the user's words", async () => {
    const scoreRequest = (body: { messages?: { content: string }[] }) => body.messages?.some((x) => x.content.includes('score'));
    model.fallback = (body) =>
      scoreRequest(body)
        ? { content: JSON.stringify({ score: 60, feedback: 'Add an example.' }) }
        : { content: 'What changed since last month?' };
    const c = h.user();
    const q = await firstQuestion<Question>(c, 'monthly', '2026-02');
    await c.post('/coaching/onboarding_save_content', { question_id: q.id, period_key: '2026-02', content: 'Hired two engineers.' });
    const res = await m.as(c, m.svc.url).post('/coaching/onboarding_send_message', {
      question_id: q.id,
      period_key: '2026-03',
      message: 'March was about onboarding them.',
    });
    expect(res.body.success).toBe(true);
    const reply = model.requests.find((r) => !scoreRequest(r.body))!;
    const system = reply.body.messages!.find((x) => x.role === 'system')!.content;
    expect(system).toContain('Hired two engineers.');
  });
});
