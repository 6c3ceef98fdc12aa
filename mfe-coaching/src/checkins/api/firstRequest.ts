import { api, earlyRead, type CallAnswer } from '@cc/client';
import { readCoachingAddress } from '@cc/contracts/addresses';
import { questionnairePeriodKey, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { readStored } from '@cc/ui/storage';
import type { QueryClient } from '@tanstack/react-query';
import { ACTIVE_TAB_KEY, COACHING_TABS, DEFAULT_TAB, parseTab } from '../../coaching/tabs';
import { currentPeriodKey } from '../usePeriodStepper';
import { questionnaireQuery } from './questionnaire';

/**
 * The check-in's first `GET /coaching/questionnaire_sections`, started as soon as the page's
 * code arrives (this module is evaluated with the exposed page), not after React has rendered
 * and committed the tab: on a cold visit the answer then travels while the page renders
 * (bench/modules/coaching.ts). The page hands it to the QueryClient as a prefetch of the
 * check-in's query, so the tab's `useQuery` finds it on its way.
 *
 * Only for a visit that opens /coaching itself, for the tab it will open (the address's, else
 * the one stored, else the default) and the address's period, else the one holding today.
 */
const PAGE_PATH = '/coaching';

type Answer = CallAnswer<'GET /coaching/questionnaire_sections'>;
const first = earlyRead<Answer>();
let asked: { type: QuestionnaireType; periodKey: string } | null = null;
const keyOf = (type: QuestionnaireType, periodKey: string) => `${type}|${periodKey}`;
const read = (type: QuestionnaireType, periodKey: string, redirectOnUnauthorized = true) =>
  api.call('GET /coaching/questionnaire_sections', { query: { type, period_key: periodKey } }, { redirectOnUnauthorized });

export function startFirstQuestionnaireRequest(): void {
  if (typeof window === 'undefined' || window.location?.pathname !== PAGE_PATH) return;
  // The session may not be known yet (so whose storage this is): a guess, which costs one unused answer when wrong.
  const address = readCoachingAddress(window.location.search ?? '');
  const tabId = address.tab ?? parseTab(readStored(ACTIVE_TAB_KEY)) ?? DEFAULT_TAB;
  const type = COACHING_TABS.find((t) => t.id === tabId)?.type;
  if (!type) return;
  const periodKey =
    (address.type === type ? questionnairePeriodKey(type, address.period ?? undefined) : undefined) ?? currentPeriodKey(type);
  asked = { type, periodKey };
  // The shell may load the page's code before it knows the session: a 401 must not send
  // anyone anywhere from here (taking it asks again, the usual way).
  first.start(keyOf(type, periodKey), () => read(type, periodKey, false));
}

/**
 * Gives the early request, once and while fresh, to the page's QueryClient as the prefetch of
 * the check-in's query it asked for. Called by the page's first render, before the tab's query.
 */
export function prefetchFirstQuestionnaire(queryClient: QueryClient): void {
  const wanted = asked;
  asked = null;
  if (!wanted) return;
  const { type, periodKey } = wanted;
  const answer = first.take(keyOf(type, periodKey), () => read(type, periodKey));
  if (answer) void queryClient.prefetchQuery({ ...questionnaireQuery(type, periodKey), queryFn: () => answer });
}
