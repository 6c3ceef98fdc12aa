import { useCallback, useEffect, useState } from 'react';
import { checkinAddress, type CoachingAddress } from '@cc/contracts/addresses';
import { QUESTIONNAIRE_PERIOD, questionnairePeriodKey, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { useLocation, useNavigate } from '@cc/ui/router';
import { currentPeriodKey } from './usePeriodStepper';

/** Marks the history entry a question was opened into from this page, so closing it goes Back. */
const OPENED_HERE = 'coachingQuestionOpenedHere';

export interface CheckinAddress {
  /** The period shown: the address's, or the current one when it names none (or a malformed one). */
  period: string;
  /** The question whose chat the address opens. */
  question: number | null;
  /** True when the tab was reached with a question in its address (a link to a question lands on it). */
  arrivedOnQuestion: boolean;
  stepTo(period: string): void;
  openQuestion(id: number): void;
  closeQuestion(): void;
}

/** The address of a check-in as the page writes it (onboarding, answered once, has no period in it). */
export function checkinHref(type: QuestionnaireType, period: string, question: number | null = null): string {
  return checkinAddress(type, QUESTIONNAIRE_PERIOD[type] === 'once' ? undefined : period, question ?? undefined);
}

/**
 * A check-in tab's period and open question live in the address, so a link, a reload, a new
 * tab and Back all show the same thing. History: stepping periods replaces the entry (a week of
 * clicks is not a week of Back presses); opening a question adds one, so Back closes the chat
 * as a phone user expects, and closing it by its × goes back over that entry (or, when the page
 * was opened on the question, replaces it: Back then leaves as it came).
 */
export function useCheckinAddress(type: QuestionnaireType, address: CoachingAddress): CheckinAddress {
  const location = useLocation();
  const navigate = useNavigate();
  const [today] = useState(() => currentPeriodKey(type));
  const mine = address.type === type;
  const period = (mine && address.period ? questionnairePeriodKey(type, address.period) : undefined) ?? today;
  const question = mine ? address.question : null;
  const [arrivedOnQuestion] = useState(question !== null);

  // An address without its period (or with one of another kind) is rewritten to name what shows.
  const wanted = checkinHref(type, period, question);
  useEffect(() => {
    if (`${location.pathname}${location.search}` !== wanted) navigate(wanted, { replace: true, state: location.state });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows what is shown
  }, [wanted]);

  const stepTo = useCallback((next: string) => navigate(checkinHref(type, next), { replace: true }), [navigate, type]);
  const openQuestion = useCallback(
    (id: number) => navigate(checkinHref(type, period, id), { state: { [OPENED_HERE]: true } }),
    [navigate, type, period],
  );
  const openedHere = Boolean((location.state as Record<string, unknown> | null)?.[OPENED_HERE]);
  const closeQuestion = useCallback(() => {
    if (openedHere) navigate(-1);
    else navigate(checkinHref(type, period), { replace: true });
  }, [navigate, openedHere, type, period]);

  return { period, question, arrivedOnQuestion, stepTo, openQuestion, closeQuestion };
}
