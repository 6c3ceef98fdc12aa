import { useCallback, useRef, useState } from 'react';
import { ONBOARDING_PERIOD_KEY, QUESTIONNAIRE_PERIOD, COACHING_TIMING, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { periodKey, stepPeriod } from '@cc/contracts/periods';

/** The period a tab opens on: the one holding today (onboarding has one period). */
export function currentPeriodKey(type: QuestionnaireType, today: Date = new Date()): string {
  const kind = QUESTIONNAIRE_PERIOD[type];
  return kind === 'once' ? ONBOARDING_PERIOD_KEY : periodKey(kind, today);
}

export interface PeriodStepper {
  key: string;
  /** False for onboarding, answered once. */
  steppable: boolean;
  /** One period back (-1) or forward (+1); a second click within 150 ms of the last is ignored. */
  step(direction: -1 | 1): void;
}

/**
 * The check-in's period: steps by one of its kind (ISO weeks roll their year by the week of
 * 28 December, quarters and semesters theirs), ignoring duplicate clicks (spec §4, §9).
 */
export function usePeriodStepper(
  type: QuestionnaireType,
  { now = Date.now, initial }: { now?: () => number; initial?: string } = {},
): PeriodStepper {
  const [key, setKey] = useState(() => initial ?? currentPeriodKey(type));
  const last = useRef<number | null>(null);
  const steppable = QUESTIONNAIRE_PERIOD[type] !== 'once';
  const step = useCallback(
    (direction: -1 | 1) => {
      if (!steppable) return;
      const at = now();
      if (last.current !== null && at - last.current < COACHING_TIMING.periodStepDebounceMs) return;
      last.current = at;
      setKey((current) => stepPeriod(current, direction));
    },
    [now, steppable],
  );
  return { key, steppable, step };
}
