import { api, earlyRead } from '@cc/client';
import type { QuestionnaireSectionsAnswer } from '@cc/contracts/coaching';
import { readCoachingAddress } from '@cc/contracts/addresses';
import { questionnairePeriodKey, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { readStored } from '@cc/ui/storage';
import { fetchQuestionnaire } from '../api/questionnaire';
import { ACTIVE_TAB_KEY, COACHING_TABS, DEFAULT_TAB, parseTab } from '../coaching/tabs';
import { currentPeriodKey } from './usePeriodStepper';

/**
 * The check-in's first `GET /coaching/questionnaire_sections`, started as soon as the page's
 * code arrives (this module is evaluated with the exposed page), not after React has rendered
 * and committed the tab: on a cold visit the answer then travels while the page renders
 * (bench/modules/coaching.ts).
 *
 * Only for a visit that opens /coaching itself, for the tab it will open (the address's, else
 * the one stored, else the default) and the address's period, else the one holding today. Taken once, by the first load of that
 * very questionnaire and period, and only while fresh; anything else asks the server as before.
 */
const PAGE_PATH = '/coaching';

const first = earlyRead<QuestionnaireSectionsAnswer>();
const keyOf = (type: QuestionnaireType, periodKey: string) => `${type}|${periodKey}`;

export function startFirstQuestionnaireRequest(): void {
  if (typeof window === 'undefined' || window.location?.pathname !== PAGE_PATH) return;
  // The session may not be known yet (so whose storage this is): a guess, checked when taken.
  const address = readCoachingAddress(window.location.search ?? '');
  const tabId = address.tab ?? parseTab(readStored(ACTIVE_TAB_KEY)) ?? DEFAULT_TAB;
  const type = COACHING_TABS.find((t) => t.id === tabId)?.type;
  if (!type) return;
  const periodKey =
    (address.type === type ? questionnairePeriodKey(type, address.period ?? undefined) : undefined) ?? currentPeriodKey(type);
  // The shell may load the page's code before it knows the session: a 401 must not send
  // anyone anywhere from here (the tab's own request does that, see takeFirstQuestionnaireRequest).
  first.start(keyOf(type, periodKey), () =>
    api.get<QuestionnaireSectionsAnswer>('/coaching/questionnaire_sections', {
      query: { type, period_key: periodKey },
      redirectOnUnauthorized: false,
    }),
  );
}

/**
 * The first request's answer if it asked for this questionnaire and period and is there to take
 * (once); a 401 asks again, the usual way.
 */
export function takeFirstQuestionnaireRequest(
  type: QuestionnaireType,
  periodKey: string,
  signal: AbortSignal,
): Promise<QuestionnaireSectionsAnswer> | null {
  return first.take(keyOf(type, periodKey), () => fetchQuestionnaire(type, periodKey, signal));
}
