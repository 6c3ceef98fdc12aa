import { describe, expect, it } from '@jest/globals';
import { parsePeriod } from '@cc/contracts/periods';
import { milestone } from '../testing/fixtures';
import { carryOver, milestonesByWeek, monthsOf, openActionCount, plainAction, timelineWeeks, weekSpan } from './weeks';

describe('the 53-week timeline window', () => {
  it('has 26 weeks back, the current week, 26 ahead, with ISO numbers', () => {
    const weeks = timelineWeeks(new Date(2026, 2, 4)); // Wed 4 March 2026: 2026-W10
    expect(weeks).toHaveLength(53);
    expect(weeks.filter((w) => w.current).map((w) => w.key)).toEqual(['2026-W10']);
    expect(weeks.findIndex((w) => w.current)).toBe(26);
    expect(weeks[0]).toMatchObject({ key: '2025-W36', number: 36, year: 2025, past: true, first: '2025-09-01', last: '2025-09-07' });
    expect(weeks[52]).toMatchObject({ key: '2026-W36', past: false, current: false });
    expect(weeks.slice(0, 26).every((w) => w.past)).toBe(true);
    expect(weeks.slice(26).some((w) => w.past)).toBe(false);
  });

  it('runs through a 53-week ISO year and across its New Year', () => {
    // 31 December 2026 is in 2026-W53 (2026 has 53 ISO weeks); 1 January 2027 too.
    const weeks = timelineWeeks(new Date(2026, 11, 31));
    expect(weeks[26]!.key).toBe('2026-W53');
    expect(timelineWeeks(new Date(2027, 0, 1))[26]!.key).toBe('2026-W53');
    expect(weeks[27]!.key).toBe('2027-W01');
    expect(weeks[25]).toMatchObject({ key: '2026-W52', number: 52 });
    const keys = weeks.map((w) => w.key);
    expect(new Set(keys).size).toBe(53);
    // 2025 has 52 weeks: its last week is followed by 2026-W01.
    const around2025 = timelineWeeks(new Date(2025, 11, 29)).map((w) => w.key);
    expect(around2025[26]).toBe('2026-W01');
    expect(around2025[25]).toBe('2025-W52');
  });

  it("gives each week the days its key names (counted from the current week's Monday, across summer time and New Year)", () => {
    for (const around of [new Date(2026, 2, 4), new Date(2026, 9, 25), new Date(2026, 11, 31), new Date(2027, 0, 1), new Date()]) {
      for (const week of timelineWeeks(around)) {
        const period = parsePeriod(week.key, 'week')!;
        expect([week.first, week.last, week.number, week.year]).toEqual([period.first, period.last, period.number, period.year]);
      }
    }
  });

  it('puts a milestone in the week its target date falls in', () => {
    const byWeek = milestonesByWeek([milestone({ id: 1, target_date: '2026-12-31' }), milestone({ id: 2, target_date: '2027-01-03' })]);
    expect(byWeek.get('2026-W53')?.map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('carry over', () => {
  it('moves the unfinished actions to the current week and keeps the done ones and headings', () => {
    const moved = carryOver('## Focus\n- [x] Sent the deck\n- [ ] Call Sam\n* Book the room', '- [ ] Call Sam\n- [ ] Plan Q3');
    expect(moved.past).toBe('## Focus\n- [x] Sent the deck');
    expect(moved.current).toBe('- [ ] Call Sam\n- [ ] Plan Q3\n- [ ] Book the room');
    expect(moved.moved).toBe(2);
    // What the notice names: only the line that was added ("Call Sam" was already this week's).
    expect(moved.added).toEqual(['- [ ] Book the room']);
  });

  it('leaves both weeks as they are when nothing is unfinished', () => {
    expect(carryOver('- [x] Done', 'Now')).toEqual({ past: '- [x] Done', current: 'Now', moved: 0, added: [] });
  });
});

describe('the overview by month', () => {
  it('groups the 53 weeks by the month of their Thursday, the year on the first month and on January', () => {
    const months = monthsOf(timelineWeeks(new Date(2026, 10, 26))); // Thu 26 Nov 2026: 2026-W48
    expect(months.reduce((n, m) => n + m.weeks.length, 0)).toBe(53);
    expect(months[0]).toMatchObject({ key: '2026-05', label: 'May 2026' });
    const december = months.find((m) => m.key === '2026-12')!;
    expect(december.label).toBe('Dec');
    // 2026-W53 runs Mon 28 Dec to Sun 3 Jan: its Thursday (31 Dec) puts it in December.
    expect(december.weeks.at(-1)!.week.key).toBe('2026-W53');
    expect(months.find((m) => m.key === '2027-01')!.label).toBe('Jan 2027');
    expect(months.flatMap((m) => m.weeks.map((w) => w.index))).toEqual([...Array(53).keys()]);
  });

  it('counts open actions and quotes an action without its markers', () => {
    expect(openActionCount('## Focus\n- [x] Sent\n- [ ] Call Sam\n* Book the room\n')).toBe(2);
    expect(openActionCount('')).toBe(0);
    expect(plainAction('- [ ] **Mon 23 Nov:** Call `Sam`')).toBe('Mon 23 Nov: Call Sam');
  });

  it("names a month's weeks in the overview, one week as one", () => {
    expect(weekSpan(45, 48)).toBe('weeks 45–48');
    expect(weekSpan(22, 22)).toBe('week 22');
  });
});
