import { checkinPeriodLabel } from '../shared/dates';
import type { PeriodStepper } from './usePeriodStepper';

/** The previous and next arrows around the period's label (docs/coaching.md#check-ins). */
export function PeriodPicker({ stepper }: { stepper: PeriodStepper }) {
  if (!stepper.steppable) {
    return (
      <div className="coaching-period" data-testid="period-picker">
        <span className="coaching-note">Answered once, when you start</span>
      </div>
    );
  }
  return (
    <div className="coaching-period" data-testid="period-picker" data-period={stepper.key}>
      <button type="button" className="coaching-period-arrow" aria-label="Previous period" onClick={() => stepper.step(-1)}>
        ‹
      </button>
      <span className="coaching-period-label" aria-live="polite" data-testid="period-label">
        {checkinPeriodLabel(stepper.key)}
      </span>
      <button type="button" className="coaching-period-arrow" aria-label="Next period" onClick={() => stepper.step(1)}>
        ›
      </button>
    </div>
  );
}
