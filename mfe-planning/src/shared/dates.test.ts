import { describe, expect, it } from '@jest/globals';
import { addDays, shortDay, weekLabel } from '@cc/contracts/periods';
import { timelineWeeks } from '../action-plan/weeks';
import { dayMonth, shortDate } from './dates';

/** What the list showed before its formatters were kept (one `toLocaleDateString` per row). */
const slowShortDate = (iso: string, today: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  const sameYear = iso.slice(0, 4) === today.slice(0, 4);
  return new Date(y!, m! - 1, d!)
    .toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(sameYear ? {} : { year: 'numeric' }),
    })
    .replace(/^(\w{3}),/, '$1'); // one compact form, with or without the year (@cc/contracts/dates)
};

describe('the kept date formatters', () => {
  it('write a due date as toLocaleDateString did, with the year only in another year', () => {
    const today = '2026-03-04';
    for (let i = -400; i <= 400; i += 7) {
      const iso = addDays(today, i);
      expect(shortDate(iso, today)).toBe(slowShortDate(iso, today));
      // Asked again (from the cache), and from another year's point of view.
      expect(shortDate(iso, today)).toBe(slowShortDate(iso, today));
      expect(shortDate(iso, '2030-01-01')).toBe(slowShortDate(iso, '2030-01-01'));
    }
    expect(shortDate('2026-03-03', today)).toBe('Tue 3 Mar');
    expect(shortDate('2025-12-31', today)).toBe('Wed 31 Dec 2025');
    expect(shortDate('not a day', today)).toBe('not a day');
  });

  it("write a timeline week's dates and label as @cc/contracts/periods does", () => {
    for (const around of [new Date(2026, 2, 4), new Date(2026, 11, 31), new Date(2027, 0, 1), new Date()]) {
      for (const week of timelineWeeks(around)) {
        expect(dayMonth(week.first)).toBe(shortDay(week.first));
        expect(week.dates).toBe(`${shortDay(week.first)} – ${shortDay(week.last)}`);
        expect(week.label).toBe(weekLabel(week.key));
      }
    }
  });

  it('writes every day of a year as shortDay does, without a formatter; refuses what is not a day', () => {
    for (let i = 0; i < 366; i++) {
      const day = addDays('2028-01-01', i);
      expect(dayMonth(day)).toBe(shortDay(day));
    }
    for (const bad of ['2026-13-01', 'March', '2026-00-10']) expect(() => dayMonth(bad)).toThrow(RangeError);
  });
});
