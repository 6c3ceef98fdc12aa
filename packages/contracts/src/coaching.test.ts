import { describe, expect, test } from '@jest/globals';
import {
  COACHING_MESSAGES as M,
  coachingFileName,
  createQuestionBody,
  createSectionBody,
  questionnairePeriodKey,
  questionnaireSectionsQuery,
  saveQuestionContentBody,
  scoreColour,
  sendQuestionMessageBody,
  submitCoachingPlanBody,
} from './coaching';

const errorsOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : [...new Set(result.error!.issues.map((i) => i.message))];

describe('period keys follow the questionnaire type', () => {
  test.each([
    ['start_of_day', '2026-02-28', '2026-02-30'],
    ['end_of_day', '2024-02-29', '2025-02-29'],
    ['start_of_week', '2026-W53', '2025-W53'],
    ['end_of_week', '2027-W01', '2027-01-04'],
    ['monthly', '2026-12', '2026-13'],
    ['quarterly', '2026-Q4', '2026-Q5'],
    ['semester', '2026-H2', '2026-H3'],
  ] as const)('%s takes %s and refuses %s', (type, good, bad) => {
    expect(questionnaireSectionsQuery.parse({ type, period_key: good })).toEqual({ type, period_key: good });
    expect(errorsOf(questionnaireSectionsQuery.safeParse({ type, period_key: bad }))).toEqual([M.periodKeyInvalid(type)]);
    expect(errorsOf(questionnaireSectionsQuery.safeParse({ type }))).toEqual([M.periodKeyInvalid(type)]);
  });

  test('onboarding is answered once: a missing, blank or literal key is "onboarding"; a date is refused', () => {
    expect(questionnaireSectionsQuery.parse({ type: 'onboarding' })).toEqual({ type: 'onboarding', period_key: 'onboarding' });
    expect(questionnairePeriodKey('onboarding', '')).toBe('onboarding');
    expect(errorsOf(questionnaireSectionsQuery.safeParse({ type: 'onboarding', period_key: '2026-01-01' }))).toEqual([
      "period_key of the onboarding questionnaire must be 'onboarding' or left out.",
    ]);
  });

  test('an unknown type is named', () => {
    expect(errorsOf(questionnaireSectionsQuery.safeParse({ type: 'weekly', period_key: '2026-W01' }))).toEqual([M.typeInvalid]);
  });
});

describe('request bounds and messages', () => {
  test('the coaching prompt must not be blank (the spec message) and is bounded', () => {
    expect(errorsOf(submitCoachingPlanBody.safeParse({ prompt: '   ' }))).toEqual(['Please enter a prompt']);
    expect(errorsOf(submitCoachingPlanBody.safeParse({ prompt: 'x'.repeat(20_001) }))).toEqual([M.promptTooLong]);
  });

  test('a chat message is trimmed and must not be empty; a question id is a whole number', () => {
    expect(errorsOf(sendQuestionMessageBody.safeParse({ question_id: 'abc', message: ' ' }))).toEqual([
      M.questionIdInvalid,
      M.messageRequired,
    ]);
    expect(sendQuestionMessageBody.parse({ question_id: '7', message: ' Hi ', period_key: '2026-01-01' })).toEqual({
      question_id: 7,
      message: 'Hi',
      period_key: '2026-01-01',
    });
  });

  test('a save needs content or content_summary', () => {
    expect(errorsOf(saveQuestionContentBody.safeParse({ question_id: 1 }))).toEqual([M.saveNothing]);
    expect(saveQuestionContentBody.parse({ question_id: 1, content: '' }).content).toBe('');
  });

  test('sections and questions list every broken rule', () => {
    expect(errorsOf(createSectionBody.safeParse({ section: { title: ' ', position: 0, questionnaire_type: 'x' } }))).toEqual([
      M.sectionTitleRequired,
      M.positionInvalid,
      M.typeInvalid,
    ]);
    expect(errorsOf(createQuestionBody.safeParse({ question: { title: 'T', question_text: '' } }))).toEqual([
      M.questionTextRequired,
      M.sectionIdRequired,
    ]);
    expect(
      createQuestionBody.parse({ question: { title: ' T ', question_text: 'Q?', onboarding_section_id: '3', position: '' } }).question,
    ).toEqual({
      title: 'T',
      question_text: 'Q?',
      prompt: '',
      onboarding_section_id: 3,
    });
  });
});

describe('page rules', () => {
  test('score colours: under 40 red, 40-69 yellow, 70 and above green', () => {
    expect([0, 39, 40, 69, 70, 100].map(scoreColour)).toEqual(['red', 'red', 'yellow', 'yellow', 'green', 'green']);
  });

  test('the virtual coaching file name: lowercased, alphanumerics, hyphens and spaces, 48 characters, underscores', () => {
    expect(coachingFileName("What's your #1 priority today?", '2026-03-02')).toBe('whats_your_1_priority_today_2026-03-02.md');
    expect(coachingFileName('A'.repeat(60), '2026-W10')).toBe(`${'a'.repeat(48)}_2026-W10.md`);
  });
});
