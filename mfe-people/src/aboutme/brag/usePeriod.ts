import { useMemo, useState } from 'react';
import { presetPeriod, validPeriod, type Period, type PeriodPreset } from './period';

/** The picker's state: a preset, or the custom days the user typed (used once both are set and in order). */
export function usePeriod(today: Date) {
  const [preset, setPreset] = useState<PeriodPreset>('last6');
  const [custom, setCustom] = useState<Period>(() => presetPeriod('last6', today));
  const period = useMemo<Period | null>(() => {
    if (preset !== 'custom') return presetPeriod(preset, today);
    return validPeriod(custom) ? custom : null;
  }, [preset, custom, today]);
  return { preset, setPreset, custom, setCustom, period };
}
