/** @jest-environment jsdom */
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { installFakeApi } from '../testing/fakeApi';
import { startFirstQuestionnaireRequest, takeFirstQuestionnaireRequest } from './firstRequest';

let fake: ReturnType<typeof installFakeApi>;
beforeEach(() => {
  fake = installFakeApi((req) => (req.path === '/coaching/questionnaire_sections' ? { body: { success: true } } : undefined));
});
afterEach(() => fake.uninstall());

it("a link's first request asks for the check-in and period the address names (not the remembered tab's today)", async () => {
  window.history.pushState({}, '', '/coaching?tab=end-of-day-checkin&period=2026-11-20&question=11');
  startFirstQuestionnaireRequest();
  const taken = takeFirstQuestionnaireRequest('end_of_day', '2026-11-20', new AbortController().signal);
  expect(taken).not.toBeNull();
  await taken;
  const sent = fake.find('GET', '/coaching/questionnaire_sections');
  expect(sent.map((r) => [r.query.get('type'), r.query.get('period_key')])).toEqual([['end_of_day', '2026-11-20']]);
});
