import { beforeAll, describe, expect, test } from '@jest/globals';
import { COACHING_MESSAGES as M } from '@cc/contracts';
import { startedForTests } from '@cc/service-kit/testing';
import { coachingWithModel, firstQuestion, startCoaching, type CoachingHarness } from '../test-support';

const h = startedForTests(startCoaching);
let dayQuestion: { id: number; text: string; title: string };
let weekQuestion: { id: number };
let onboardingQuestion: { id: number };
beforeAll(async () => {
  const c = h.user();
  dayQuestion = await firstQuestion(c, 'start_of_day', '2026-03-02');
  weekQuestion = await firstQuestion(c, 'end_of_week', '2026-W10');
  onboardingQuestion = await firstQuestion(c, 'onboarding', 'onboarding');
});

const DAY = '2026-03-02';
const empty = (questionId: number, periodKey: string) => ({
  success: true,
  question_id: questionId,
  period_key: periodKey,
  messages: [],
  score: null,
  score_feedback: '',
  content: '',
  content_summary: '',
  content_revision: 0,
  summary_revision: 0,
  updated_at: null,
  // Nothing the period before (docs/coaching.md#look-back).
  previous: null,
});
const conversation = (c: ReturnType<CoachingHarness['user']>, questionId: number, periodKey: string) =>
  c.get(`/coaching/onboarding_conversation?question_id=${questionId}&period_key=${periodKey}`);

describe('the question chat', () => {
  test('empty at first; the automatic first message gets a reply and no score (it answers nothing)', async () => {
    const c = h.user();
    expect((await conversation(c, dayQuestion.id, DAY)).body).toEqual(empty(dayQuestion.id, DAY));
    const opener = M.reflectingOn(dayQuestion.text);
    const res = await c.post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message: opener });
    expect(res.body).toEqual({ success: true, response: expect.any(String), score: null, score_feedback: '' });
    expect(res.body.response.length).toBeGreaterThan(20);
    const stored = (await conversation(c, dayQuestion.id, DAY)).body;
    expect(stored.messages).toEqual([
      { role: 'user', content: opener },
      { role: 'assistant', content: res.body.response },
    ]);
    expect(stored).toMatchObject({ score: null, score_feedback: '' });
    // Not answered, not averaged, no point on the trend.
    const sections = (await c.get(`/coaching/questionnaire_sections?type=start_of_day&period_key=${DAY}`)).body;
    expect(sections.summary).toMatchObject({ answered: 0, average_score: null });
    const listed = sections.sections[0].questions[0];
    expect([listed.id, listed.score]).toEqual([dayQuestion.id, null]);
    expect(listed.recent_scores.every((r: { score: number | null }) => r.score === null)).toBe(true);
  });

  test('clearing an answered chat and reopening it stores no 0: the opener leaves the question unscored', async () => {
    const c = h.user();
    const send = (message: string) =>
      c.post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message });
    await send(M.reflectingOn(dayQuestion.text));
    const answered = await send(
      'Ship the Q3 pricing proposal to 4 customers by 3pm; last week I drafted it with finance, I learned the 12% saving works, next I will book calls.',
    );
    expect(answered.body.score).toBeGreaterThan(0);
    const summary = async () => (await c.get(`/coaching/questionnaire_sections?type=start_of_day&period_key=${DAY}`)).body.summary;
    expect(await summary()).toMatchObject({ answered: 1, average_score: answered.body.score });
    await c.post('/coaching/onboarding_save_content', { question_id: dayQuestion.id, period_key: DAY, clear_messages: true });
    const reopened = await send(M.reflectingOn(dayQuestion.text));
    expect(reopened.body).toMatchObject({ score: null, score_feedback: '' });
    expect((await conversation(c, dayQuestion.id, DAY)).body).toMatchObject({ score: null });
    expect(await summary()).toMatchObject({ answered: 0, average_score: null });
  });

  test('a message that is not an answer keeps the score the answers earned', async () => {
    const c = h.user();
    const send = (message: string) =>
      c.post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message });
    const first = await send('I will ship the 3 billing fixes today because the release is on Friday.');
    // The opener sent again (a second tab opening the question): the stored score answers, not a 0.
    const again = await send(M.reflectingOn(dayQuestion.text));
    expect(again.body).toMatchObject({ score: first.body.score, score_feedback: first.body.score_feedback });
  });

  test('a specific, concrete and complete answer scores higher than a vague one, and the coach says why', async () => {
    const vague = await h
      .user()
      .post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message: 'Work stuff.' });
    const c = h.user();
    const specific = await c.post('/coaching/onboarding_send_message', {
      question_id: dayQuestion.id,
      period_key: DAY,
      message:
        'The one thing that would make today a success is sending the Q3 pricing proposal to 4 enterprise customers by 3pm. ' +
        'Last week I drafted it with finance; I learned that leading with the 12% saving works, so next I will book follow-up calls for Thursday.',
    });
    expect(vague.body.score).toBeLessThan(20);
    expect(vague.body.score_feedback).toMatch(/^This is a start, but it is very brief, so it is not yet specific, concrete or complete\./);
    expect(specific.body.score).toBeGreaterThanOrEqual(70);
    expect(specific.body.score_feedback).toMatch(
      /^Specific: yes, with specific details\. Concrete: yes, a concrete example and your own role\. Complete: yes/,
    );
    // The score follows the whole conversation: a short second message keeps what the first earned.
    const more = await c.post('/coaching/onboarding_send_message', {
      question_id: dayQuestion.id,
      period_key: DAY,
      message: 'That is all.',
    });
    expect(more.body.score).toBeGreaterThanOrEqual(70);
    expect((await conversation(c, dayQuestion.id, DAY)).body).toMatchObject({
      score: more.body.score,
      score_feedback: more.body.score_feedback,
    });
    expect((await conversation(c, dayQuestion.id, DAY)).body.messages).toHaveLength(4);
  });

  test('one conversation per user, question and period', async () => {
    const a = h.user();
    const b = h.user();
    await a.post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message: 'My private answer' });
    await a.post('/coaching/onboarding_save_content', { question_id: dayQuestion.id, period_key: DAY, content: 'Private notes' });
    expect((await conversation(b, dayQuestion.id, DAY)).body).toEqual(empty(dayQuestion.id, DAY));
    // The next day's conversation is empty; only its look back reads this one (docs/coaching.md#look-back).
    expect((await conversation(a, dayQuestion.id, '2026-03-03')).body).toEqual({
      ...empty(dayQuestion.id, '2026-03-03'),
      previous: expect.objectContaining({ period_key: DAY, line: 'Private notes' }),
    });
    expect((await conversation(a, dayQuestion.id, DAY)).body.content).toBe('Private notes');
  });

  test('errors: a message is required, the question must exist, the period key must be of its kind', async () => {
    const c = h.user();
    const blank = await c.post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message: '  ' });
    expect([blank.status, blank.body]).toEqual([422, { success: false, error: M.messageRequired, errors: [M.messageRequired] }]);
    const noQuestion = await c.post('/coaching/onboarding_send_message', { period_key: DAY, message: 'Hi' });
    expect([noQuestion.status, noQuestion.body]).toEqual([
      422,
      { success: false, error: M.questionIdInvalid, errors: [M.questionIdInvalid] },
    ]);
    const missing = await c.post('/coaching/onboarding_send_message', { question_id: 999_999, period_key: DAY, message: 'Hi' });
    expect([missing.status, missing.body]).toEqual([404, { success: false, error: M.questionNotFound, errors: [M.questionNotFound] }]);
    const weekKey = await c.post('/coaching/onboarding_send_message', {
      question_id: dayQuestion.id,
      period_key: '2026-W10',
      message: 'Hi',
    });
    expect([weekKey.status, weekKey.body]).toEqual([
      422,
      { success: false, error: M.periodKeyInvalid('start_of_day'), errors: [M.periodKeyInvalid('start_of_day')] },
    ]);
    const dayKey = await conversation(c, weekQuestion.id, DAY);
    expect([dayKey.status, dayKey.body]).toEqual([422, { success: false, errors: [M.periodKeyInvalid('end_of_week')] }]);
    expect((await conversation(c, weekQuestion.id, '2026-W10')).body).toEqual(empty(weekQuestion.id, '2026-W10'));
    const long = await c.post('/coaching/onboarding_send_message', {
      question_id: dayQuestion.id,
      period_key: DAY,
      message: 'x'.repeat(10_001),
    });
    expect(long.body).toEqual({ success: false, error: M.messageTooLong, errors: [M.messageTooLong] });
  });

  test('a conversation holds at most 200 messages (what a summary request can carry)', async () => {
    const c = h.user();
    await c.post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message: 'First' });
    const full = Array.from({ length: 200 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    await h.database
      .db('coaching.question_conversations')
      .where({ user_id: c.id })
      .update({ messages: JSON.stringify(full) });
    const res = await c.post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message: 'One more' });
    expect([res.status, res.body]).toEqual([422, { success: false, error: M.conversationFull, errors: [M.conversationFull] }]);
    expect((await conversation(c, dayQuestion.id, DAY)).body.messages).toHaveLength(200);
  });

  test('onboarding is answered once: no key, or the key onboarding', async () => {
    const c = h.user();
    await c.post('/coaching/onboarding_send_message', { question_id: onboardingQuestion.id, message: 'I lead a team of 6 engineers.' });
    const stored = (await c.get(`/coaching/onboarding_conversation?question_id=${onboardingQuestion.id}&period_key=onboarding`)).body;
    expect(stored.period_key).toBe('onboarding');
    expect(stored.messages).toHaveLength(2);
  });
});

describe('manual entries and the AI summary', () => {
  test('content and content_summary save separately; what is not sent stays', async () => {
    const c = h.user();
    const first = await c.post('/coaching/onboarding_save_content', {
      question_id: dayQuestion.id,
      period_key: DAY,
      content: 'Ship the deck',
    });
    expect(first.body).toEqual({
      success: true,
      content: 'Ship the deck',
      content_summary: '',
      content_revision: 1,
      summary_revision: 0,
      updated_at: expect.any(String),
    });
    const second = await c.post('/coaching/onboarding_save_content', {
      question_id: dayQuestion.id,
      period_key: DAY,
      content_summary: '- Deck',
    });
    expect(second.body).toMatchObject({ content: 'Ship the deck', content_summary: '- Deck' });
    const cleared = await c.post('/coaching/onboarding_save_content', { question_id: dayQuestion.id, period_key: DAY, content: '' });
    expect(cleared.body).toMatchObject({ content: '', content_summary: '- Deck' });
    const nothing = await c.post('/coaching/onboarding_save_content', { question_id: dayQuestion.id, period_key: DAY });
    expect([nothing.status, nothing.body]).toEqual([422, { success: false, errors: [M.saveNothing] }]);
    const tooLong = await c.post('/coaching/onboarding_save_content', {
      question_id: dayQuestion.id,
      period_key: DAY,
      content: 'x'.repeat(100_001),
    });
    expect(tooLong.body).toEqual({ success: false, errors: [M.contentTooLong] });
  });

  test("clear_messages (the chat's Clear) empties the messages and their score; the notes stay", async () => {
    const c = h.user();
    await c.post('/coaching/onboarding_send_message', {
      question_id: dayQuestion.id,
      period_key: DAY,
      message: 'I will ship the 3 fixes today.',
    });
    await c.post('/coaching/onboarding_save_content', { question_id: dayQuestion.id, period_key: DAY, content: 'Keep me' });
    const res = await c.post('/coaching/onboarding_save_content', { question_id: dayQuestion.id, period_key: DAY, clear_messages: true });
    expect(res.body).toMatchObject({ success: true, content: 'Keep me' });
    expect((await conversation(c, dayQuestion.id, DAY)).body).toMatchObject({
      messages: [],
      score: null,
      score_feedback: '',
      content: 'Keep me',
    });
  });

  test('a save based on an outdated text is refused with 409 and what the text holds now; without a revision it wins', async () => {
    const c = h.user();
    const save = (body: Record<string, unknown>) =>
      c.post('/coaching/onboarding_save_content', { question_id: dayQuestion.id, period_key: DAY, ...body });
    expect((await save({ content: 'Tab A', revision: 0, save_id: 'a-1' })).body).toMatchObject({ content: 'Tab A', content_revision: 1 });
    const stale = await save({ content: 'Tab B', revision: 0, save_id: 'b-1' });
    expect([stale.status, stale.body]).toEqual([
      409,
      { success: false, errors: [M.staleNotes], current: { content: 'Tab A', revision: 1, save_id: 'a-1' } },
    ]);
    // The same text again (an answer lost on the network) is no conflict and no new revision.
    expect((await save({ content: 'Tab A', revision: 0, save_id: 'a-1' })).body).toMatchObject({ content: 'Tab A', content_revision: 1 });
    expect((await save({ content: 'Tab A, more', revision: 1 })).body).toMatchObject({ content_revision: 2 });
    // Each text has its own revision: the summary is at 0 still.
    expect((await save({ content_summary: 'Short', revision: 0 })).body).toMatchObject({
      content_summary: 'Short',
      summary_revision: 1,
      content_revision: 2,
    });
    expect((await save({ content: 'Overwrite' })).body).toMatchObject({ content: 'Overwrite', content_revision: 3 });
    const both = await save({ content: 'x', content_summary: 'y', revision: 3 });
    expect([both.status, both.body]).toEqual([422, { success: false, errors: [M.revisionOfOneText] }]);
    expect((await conversation(c, dayQuestion.id, DAY)).body).toMatchObject({
      content: 'Overwrite',
      content_revision: 3,
      summary_revision: 1,
    });
  });

  test('the summary is written from the manual entries and what the user said, and stored as the AI summary', async () => {
    const c = h.user();
    await c.post('/coaching/onboarding_send_message', {
      question_id: dayQuestion.id,
      period_key: DAY,
      message: M.reflectingOn(dayQuestion.text),
    });
    await c.post('/coaching/onboarding_send_message', {
      question_id: dayQuestion.id,
      period_key: DAY,
      message: 'Finish the hiring plan for two designers.',
    });
    const res = await c.post('/coaching/onboarding_generate_summary', {
      question_id: dayQuestion.id,
      period_key: DAY,
      content: 'Block 9-11 for the budget review.',
    });
    expect(res.body).toEqual({ success: true, summary: expect.any(String), summary_revision: 1 });
    // Written as short notes in the summary's own words (docs/coaching.md#notes).
    expect(res.body.summary).toContain('Block 9-11 for budget review.');
    expect(res.body.summary).toContain('Finish hiring plan for two designers.');
    expect(res.body.summary).not.toContain("I'm ready to start reflecting on");
    expect((await conversation(c, dayQuestion.id, DAY)).body.content_summary).toBe(res.body.summary);
  });

  test('the messages the page sends are used when given; nothing to summarise is a 422', async () => {
    const c = h.user();
    const res = await c.post('/coaching/onboarding_generate_summary', {
      question_id: dayQuestion.id,
      period_key: DAY,
      content: '',
      messages: [{ role: 'user', content: 'Prepare the board update.' }],
    });
    expect(res.body.summary).toContain('Prepare board update.');
    const none = await h.user().post('/coaching/onboarding_generate_summary', { question_id: dayQuestion.id, period_key: DAY });
    expect([none.status, none.body]).toEqual([422, { success: false, errors: [M.nothingToSummarize] }]);
    const bad = await c.post('/coaching/onboarding_generate_summary', {
      question_id: dayQuestion.id,
      period_key: DAY,
      messages: [{ role: 'system' }],
    });
    expect(bad.body).toEqual({ success: false, errors: [M.messagesInvalid] });
  });
});

describe('the question chat through a model', () => {
  const { model, m } = coachingWithModel(h);

  const scoreRequest = (body: { messages?: { content: string }[] }) => body.messages?.some((x) => x.content.includes('score'));

  test("the model's reply and its structured score are answered and stored; the coach is told the question", async () => {
    model.fallback = (body) =>
      scoreRequest(body)
        ? { content: JSON.stringify({ score: 72.4, feedback: 'Concrete; add the outcome.' }) }
        : { content: 'What made it work?' };
    const c = m.user();
    const res = await c.post('/coaching/onboarding_send_message', {
      question_id: dayQuestion.id,
      period_key: DAY,
      message: 'I shipped it.',
    });
    expect(res.body).toEqual({ success: true, response: 'What made it work?', score: 72, score_feedback: 'Concrete; add the outcome.' });
    const chat = model.requests.find((r) => !scoreRequest(r.body))!;
    expect(chat.body.messages!.map((x) => x.content).join('\n')).toContain(dayQuestion.text);
  });

  test('a score without its reason, or a failing model, is a 502 in the coach words; nothing is stored', async () => {
    const c = m.user();
    model.fallback = (body) =>
      scoreRequest(body) ? { content: JSON.stringify({ score: 50, feedback: '  ' }) } : { content: 'Tell me more.' };
    const bad = await c.post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message: 'Hi there' });
    expect([bad.status, bad.body]).toEqual([502, { success: false, error: M.aiMalformed, errors: [M.aiMalformed] }]);
    model.fallback = () => ({ status: 503 });
    const down = await c.post('/coaching/onboarding_send_message', { question_id: dayQuestion.id, period_key: DAY, message: 'Hi there' });
    expect([down.status, down.body]).toEqual([502, { success: false, error: M.aiUnavailable, errors: [M.aiUnavailable] }]);
    expect((await conversation(c, dayQuestion.id, DAY)).body).toEqual(empty(dayQuestion.id, DAY));
  });
});
