import { describe, expect, it } from '@jest/globals';
import { addDays, weekLabel } from '@cc/contracts/periods';
import { timelineWeeks } from '../action-plan/weeks';
import { shortDate } from './dates';

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

  it("write a timeline week's label (its dates counted from its Monday) as @cc/contracts/periods does from its key", () => {
    for (const around of [new Date(2026, 2, 4), new Date(2026, 11, 31), new Date(2027, 0, 1), new Date()]) {
      for (const week of timelineWeeks(around)) {
        expect(week.label).toBe(weekLabel(week.key));
      }
    }
  });
});
