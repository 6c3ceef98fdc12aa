import type { CallAnswer } from '@cc/client';
import { checkinPeriodLabel } from '../shared/dates';

export type LastPeriod = NonNullable<CallAnswer<'GET /coaching/onboarding_conversation'>['previous']>;

/**
 * `Last week, scored 72: “…”`, or `Last week: “…”` while that period has no score
 * (docs/coaching.md#look-back). "scored" because a bare number after a period reads as its
 * number: "Last week, 48" under "Week 48, 2026" looked like the week, not the score.
 */
export function lastPeriodText({ label, score, line }: LastPeriod): string {
  return `${label}${score === null ? '' : `, scored ${score}`}: “${line}”`;
}

/**
 * What the same question held the period before, in one muted line above the chat and the notes,
 * so this period's answer can build on it. Nothing when that period holds nothing.
 */
export function LastPeriodLine({ previous }: { previous: LastPeriod | null | undefined }) {
  if (!previous) return null;
  return (
    <p className="coaching-note coaching-last-period" data-testid="question-last-period" title={checkinPeriodLabel(previous.period_key)}>
      {lastPeriodText(previous)}
    </p>
  );
}
