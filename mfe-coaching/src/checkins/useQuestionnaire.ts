import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@cc/client';
import type { QuestionnaireSectionsAnswer } from '@cc/contracts/coaching';
import type { QuestionnaireType } from '@cc/contracts/coaching-rules';
import { fetchQuestionnaire } from '../api/questionnaire';
import { takeFirstQuestionnaireRequest } from './firstRequest';

export interface QuestionnaireState {
  /** The last answer (kept on screen while the next period loads, so stepping never flashes empty). */
  data: QuestionnaireSectionsAnswer | null;
  loading: boolean;
  error: string | null;
  reload(): void;
}

/** The questionnaire of one type and period, with the user's scores. */
export function useQuestionnaire(type: QuestionnaireType, periodKey: string): QuestionnaireState {
  const [data, setData] = useState<QuestionnaireSectionsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Loading from the very render that asks for another period (not one effect later).
  const request = `${type}|${periodKey}|${attempt}`;
  const [settled, setSettled] = useState<string | null>(null);
  const loading = settled !== request;

  useEffect(() => {
    const controller = new AbortController();
    // The page's first request may already be on its way (firstRequest.ts).
    const pending =
      (attempt === 0 ? takeFirstQuestionnaireRequest(type, periodKey, controller.signal) : null) ??
      fetchQuestionnaire(type, periodKey, controller.signal);
    pending.then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setError(null);
        setSettled(request);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[coaching] loading the questionnaire failed', err);
        setError(errorMessage(err));
        setSettled(request);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `request` names type, period and attempt
  }, [request]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, loading, error, reload };
}
