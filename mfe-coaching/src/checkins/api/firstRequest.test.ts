/** @jest-environment jsdom */
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { testQueryClient } from '@cc/ui/testing/queries';
import { prefetchFirstQuestionnaire, startFirstQuestionnaireRequest } from './firstRequest';
import { questionnaireQuery } from './questionnaire';

let fake: ReturnType<typeof installContractApi>;
beforeEach(() => {
  fake = installContractApi({
    'GET /coaching/questionnaire_sections': ({ query }) => {
      const { type, period_key } = query as { type: 'end_of_day'; period_key: string };
      return {
        success: true,
        questionnaire_type: type,
        period_key,
        sections: [],
        is_admin: false,
        summary: { answered: 0, total: 0, average_score: null },
      };
    },
  });
});
afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

it("a link's first request asks for the check-in and period the address names (not the remembered tab's today), and is the tab's query", async () => {
  window.history.pushState({}, '', '/coaching?tab=end-of-day-checkin&period=2026-11-20&question=11');
  startFirstQuestionnaireRequest();
  const client = testQueryClient();
  prefetchFirstQuestionnaire(client);
  // The tab's query finds it on its way: nothing is asked twice.
  const answer = await client.fetchQuery(questionnaireQuery('end_of_day', '2026-11-20'));
  expect(answer.period_key).toBe('2026-11-20');
  const sent = fake.find('GET', '/coaching/questionnaire_sections');
  expect(sent.map((r) => [r.query.get('type'), r.query.get('period_key')])).toEqual([['end_of_day', '2026-11-20']]);
  // Taken once: a second page render hands nothing over.
  prefetchFirstQuestionnaire(testQueryClient());
  expect(fake.find('GET', '/coaching/questionnaire_sections')).toHaveLength(1);
});
