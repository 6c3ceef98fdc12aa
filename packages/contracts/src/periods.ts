/**
 * `@cc/contracts/periods`: the product's one module for dates and period keys, shared by the
 * browser (no zod here) and the services. Split by concern so that a page using only the day
 * helpers bundles only them.
 */
export {
  MIN_YEAR,
  MAX_YEAR,
  calendarDay,
  dateOfDay,
  isIsoDate,
  localIsoDate,
  addDays,
  longDate,
  monthLabel,
  monthGrid,
} from './periods-days';
export {
  PERIOD_KINDS,
  WEEK_WINDOW_BACK,
  WEEK_WINDOW_AHEAD,
  parsePeriod,
  isPeriodKey,
  periodKey,
  stepPeriod,
  weekWindow,
  weeksInIsoYear,
  type Period,
  type PeriodKind,
} from './periods-keys';
export { periodLabel, weekLabel, shortDay, lastPeriodLabel } from './periods-labels';
