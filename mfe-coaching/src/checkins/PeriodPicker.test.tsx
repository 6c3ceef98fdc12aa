/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import type { QuestionnaireType } from '@cc/contracts/coaching-rules';
import { PeriodPicker } from './PeriodPicker';
import { usePeriodStepper } from './usePeriodStepper';

/** The picker over a stepper whose clock the test moves. */
function Picker({ type, initial, clock }: { type: QuestionnaireType; initial: string; clock: { t: number } }) {
  const stepper = usePeriodStepper(type, { initial, now: () => clock.t });
  return <PeriodPicker stepper={stepper} />;
}

const key = () => screen.getByTestId('period-picker').getAttribute('data-period');

/** Clicks an arrow, 200 ms after the last click (past the guard). */
function click(clock: { t: number }, direction: 'Previous' | 'Next') {
  clock.t += 200;
  fireEvent.click(screen.getByRole('button', { name: `${direction} period` }));
}

describe('period stepping', () => {
  it.each([
    ['start_of_day', '2026-12-31', 'Next', '2027-01-01'],
    ['start_of_day', '2027-01-01', 'Previous', '2026-12-31'],
    ['start_of_week', '2026-W53', 'Next', '2027-W01'],
    ['start_of_week', '2027-W01', 'Previous', '2026-W53'],
    ['end_of_week', '2025-W52', 'Next', '2026-W01'],
    ['end_of_week', '2026-W01', 'Previous', '2025-W52'],
    ['monthly', '2026-12', 'Next', '2027-01'],
    ['quarterly', '2026-Q4', 'Next', '2027-Q1'],
    ['quarterly', '2027-Q1', 'Previous', '2026-Q4'],
    ['semester', '2026-H2', 'Next', '2027-H1'],
    ['semester', '2027-H1', 'Previous', '2026-H2'],
  ] as const)('%s: %s, %s → %s', (type, from, direction, to) => {
    const clock = { t: 1000 };
    render(<Picker type={type} initial={from} clock={clock} />);
    click(clock, direction);
    expect(key()).toBe(to);
  });

  it('shows the period in words: an ISO week with its days, a quarter with its months', () => {
    const clock = { t: 0 };
    const { unmount } = render(<Picker type="start_of_week" initial="2026-W53" clock={clock} />);
    expect(screen.getByTestId('period-label').textContent).toBe('Week 53, 2026 (28 Dec – 3 Jan)');
    unmount();
    render(<Picker type="quarterly" initial="2026-Q4" clock={clock} />);
    expect(screen.getByTestId('period-label').textContent).toBe('Q4 2026 (Oct – Dec)');
  });

  it('ignores a second click within 150 ms of the last, and takes the next one after', () => {
    const clock = { t: 1000 };
    render(<Picker type="start_of_day" initial="2026-03-10" clock={clock} />);
    const next = screen.getByRole('button', { name: 'Next period' });
    fireEvent.click(next);
    clock.t += 149;
    fireEvent.click(next);
    expect(key()).toBe('2026-03-11');
    clock.t += 1;
    fireEvent.click(next);
    expect(key()).toBe('2026-03-12');
  });

  it('has no arrows for onboarding, answered once', () => {
    render(<Picker type="onboarding" initial="onboarding" clock={{ t: 0 }} />);
    expect(screen.queryByRole('button', { name: 'Next period' })).toBeNull();
  });
});
