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
 * 28 December, quarters and semesters theirs), ignoring duplicate clicks (docs/coaching.md#check-ins). With
 * `key` and `onChange` the period lives elsewhere (the page's address); otherwise here.
 */
export function usePeriodStepper(
  type: QuestionnaireType,
  {
    now = Date.now,
    initial,
    key: given,
    onChange,
  }: { now?: () => number; initial?: string; key?: string; onChange?: (next: string) => void } = {},
): PeriodStepper {
  const [own, setOwn] = useState(() => initial ?? currentPeriodKey(type));
  const key = given ?? own;
  const keyRef = useRef(key);
  keyRef.current = key;
  const last = useRef<number | null>(null);
  const steppable = QUESTIONNAIRE_PERIOD[type] !== 'once';
  const step = useCallback(
    (direction: -1 | 1) => {
      if (!steppable) return;
      const at = now();
      if (last.current !== null && at - last.current < COACHING_TIMING.periodStepDebounceMs) return;
      last.current = at;
      const next = stepPeriod(keyRef.current, direction);
      keyRef.current = next;
      if (onChange) onChange(next);
      else setOwn(next);
    },
    [now, steppable, onChange],
  );
  return { key, steppable, step };
}
