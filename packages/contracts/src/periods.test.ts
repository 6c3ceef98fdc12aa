import { describe, expect, it } from '@jest/globals';
import { getISOWeeksInYear } from 'date-fns';
import {
  addDays,
  isPeriodKey,
  parsePeriod,
  periodKey,
  periodLabel,
  shortDay,
  stepPeriod,
  weekLabel,
  weeksInIsoYear,
  weekWindow,
  type PeriodKind,
} from './periods';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12, 30);

describe('ISO weeks at year boundaries', () => {
  it.each([
    [2015, 53],
    [2020, 53],
    [2021, 52],
    [2024, 52],
    [2025, 52],
    [2026, 53],
    [2027, 52],
    [2032, 53],
    [2037, 53],
  ])('%i has %i weeks (the week of 28 December)', (year, weeks) => {
    expect(weeksInIsoYear(year)).toBe(weeks);
    expect(getISOWeeksInYear(new Date(year, 5, 1))).toBe(weeks);
  });

  it.each([
    // 29-31 December in week 1 of the next ISO year
    [day(2024, 12, 30), '2025-W01'],
    [day(2024, 12, 31), '2025-W01'],
    [day(2025, 12, 29), '2026-W01'],
    [day(2025, 12, 31), '2026-W01'],
    [day(2019, 12, 30), '2020-W01'],
    [day(2030, 12, 31), '2031-W01'],
    // 1-3 January in week 52 or 53 of the previous ISO year
    [day(2021, 1, 1), '2020-W53'],
    [day(2021, 1, 3), '2020-W53'],
    [day(2022, 1, 1), '2021-W52'],
    [day(2022, 1, 2), '2021-W52'],
    [day(2027, 1, 1), '2026-W53'],
    [day(2027, 1, 3), '2026-W53'],
    [day(2016, 1, 3), '2015-W53'],
    // and the days right after
    [day(2021, 1, 4), '2021-W01'],
    [day(2022, 1, 3), '2022-W01'],
    [day(2027, 1, 4), '2027-W01'],
    [day(2026, 12, 31), '2026-W53'],
    [day(2020, 12, 31), '2020-W53'],
  ])('%s is in %s', (date, key) => {
    expect(periodKey('week', date)).toBe(key);
  });

  it('53rd weeks exist only in 53-week years', () => {
    expect(parsePeriod('2020-W53')).toMatchObject({ kind: 'week', year: 2020, number: 53, first: '2020-12-28', last: '2021-01-03' });
    expect(parsePeriod('2026-W53')).toMatchObject({ first: '2026-12-28', last: '2027-01-03' });
    expect(parsePeriod('2026-W01')).toMatchObject({ first: '2025-12-29', last: '2026-01-04' });
    expect(parsePeriod('2025-W01')).toMatchObject({ first: '2024-12-30', last: '2025-01-05' });
    expect(isPeriodKey('2021-W53')).toBe(false);
    expect(isPeriodKey('2025-W53')).toBe(false);
    expect(isPeriodKey('2026-W54')).toBe(false);
    expect(isPeriodKey('2026-W00')).toBe(false);
  });

  it('steps across the turn of the year', () => {
    expect(stepPeriod('2026-W52', 1)).toBe('2026-W53');
    expect(stepPeriod('2026-W53', 1)).toBe('2027-W01');
    expect(stepPeriod('2027-W01', -1)).toBe('2026-W53');
    expect(stepPeriod('2025-W52', 1)).toBe('2026-W01');
    expect(stepPeriod('2026-W01', -1)).toBe('2025-W52');
    expect(stepPeriod('2020-W53', 1)).toBe('2021-W01');
    expect(stepPeriod('2021-W01', -1)).toBe('2020-W53');
    expect(stepPeriod('2020-W50', 10)).toBe('2021-W07');
    expect(stepPeriod('2021-W07', -10)).toBe('2020-W50');
    expect(stepPeriod('2026-W53', 52)).toBe('2027-W52');
    expect(stepPeriod('2026-W53', -53)).toBe('2025-W52');
    expect(stepPeriod('2024-12-31', 1)).toBe('2025-01-01');
    expect(stepPeriod('2025-03-01', -1)).toBe('2025-02-28');
    expect(stepPeriod('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('the 53-week timeline', () => {
  it.each([
    [day(2026, 12, 31), '2026-W27', '2026-W53', '2027-W26'],
    [day(2027, 1, 1), '2026-W27', '2026-W53', '2027-W26'],
    [day(2027, 1, 4), '2026-W28', '2027-W01', '2027-W27'],
    [day(2025, 12, 29), '2025-W27', '2026-W01', '2026-W27'],
    [day(2021, 1, 3), '2020-W27', '2020-W53', '2021-W26'],
  ])('around %s: 26 back, %s … %s … %s', (date, oldest, current, newest) => {
    const keys = weekWindow(date);
    expect(keys).toHaveLength(53);
    expect(keys[0]).toBe(oldest);
    expect(keys[26]).toBe(current);
    expect(keys[52]).toBe(newest);
    expect(new Set(keys).size).toBe(53);
    keys.slice(1).forEach((key, i) => expect(stepPeriod(keys[i]!, 1)).toBe(key));
  });

  it('holds 2026-W53 once and no 2025-W53', () => {
    const keys = weekWindow(day(2026, 12, 31));
    expect(keys.filter((k) => k === '2026-W53')).toHaveLength(1);
    expect(keys).toContain('2027-W01');
    expect(weekWindow(day(2025, 12, 31))).not.toContain('2025-W53');
  });
});

describe('every kind', () => {
  it.each<[PeriodKind, Date, string, string, string]>([
    ['day', day(2025, 3, 4), '2025-03-04', '2025-03-04', '2025-03-04'],
    ['week', day(2025, 3, 19), '2025-W12', '2025-03-17', '2025-03-23'],
    ['month', day(2024, 2, 10), '2024-02', '2024-02-01', '2024-02-29'],
    ['quarter', day(2025, 11, 30), '2025-Q4', '2025-10-01', '2025-12-31'],
    ['semester', day(2025, 6, 30), '2025-H1', '2025-01-01', '2025-06-30'],
    ['semester', day(2025, 7, 1), '2025-H2', '2025-07-01', '2025-12-31'],
  ])('%s: the key of %s is %s (%s to %s), and it parses back', (kind, date, key, first, last) => {
    expect(periodKey(kind, date)).toBe(key);
    const p = parsePeriod(key);
    expect(p).toMatchObject({ kind, key, first, last });
    expect(isPeriodKey(key, kind)).toBe(true);
    expect(periodKey(kind, p!.start)).toBe(key);
    expect(periodKey(kind, p!.end)).toBe(key);
    expect(p!.start.getHours()).toBe(0);
    expect(p!.end.getHours()).toBe(23);
    expect(p!.start <= date && date <= p!.end).toBe(true);
  });

  it('round-trips every key of every kind through 2020-2027', () => {
    for (const kind of ['day', 'week', 'month', 'quarter', 'semester'] as const) {
      let key = periodKey(kind, day(2020, 1, 1));
      let count = 0;
      while (key < '2028') {
        const p = parsePeriod(key, kind);
        expect(p && periodKey(kind, p.start)).toBe(key);
        const next = stepPeriod(key, 1);
        expect(stepPeriod(next, -1)).toBe(key);
        expect(parsePeriod(next)!.first).toBe(addDays(p!.last, 1));
        key = next;
        count++;
      }
      const expected = { day: 2922, week: 418, month: 96, quarter: 32, semester: 16 }[kind];
      expect(count).toBe(expected);
    }
  });

  it('steps months, quarters and semesters by ±n, rolling the year', () => {
    expect(stepPeriod('2025-12', 1)).toBe('2026-01');
    expect(stepPeriod('2025-01', -1)).toBe('2024-12');
    expect(stepPeriod('2025-11', 14)).toBe('2027-01');
    expect(stepPeriod('2025-Q4', 1)).toBe('2026-Q1');
    expect(stepPeriod('2025-Q1', -1)).toBe('2024-Q4');
    expect(stepPeriod('2025-Q2', -6)).toBe('2023-Q4');
    expect(stepPeriod('2025-H2', 1)).toBe('2026-H1');
    expect(stepPeriod('2025-H1', -1)).toBe('2024-H2');
    expect(stepPeriod('2025-H1', 5)).toBe('2027-H2');
    expect(stepPeriod('2025-H1', 0)).toBe('2025-H1');
  });

  it.each([
    '2021-W53',
    '2026-W54',
    '2025-W00',
    '2025-W1',
    '2025-w12',
    '2025-Q5',
    '2025-Q0',
    '2025-H3',
    '2025-H0',
    '2025-02-30',
    '2023-02-29',
    '2025-13',
    '2025-00',
    '2025-1',
    '2025-13-01',
    '2025-1-5',
    '0000-01-01',
    '25-03',
    '2025-03-04T00:00',
    ' 2025-03',
    'today',
    '',
    '2025',
  ])('%p names no period', (key) => {
    expect(parsePeriod(key)).toBeNull();
    expect(isPeriodKey(key)).toBe(false);
    expect(() => stepPeriod(key, 1)).toThrow(RangeError);
  });

  it('checks the kind when asked', () => {
    expect(isPeriodKey('2025-03', 'month')).toBe(true);
    expect(isPeriodKey('2025-03', 'day')).toBe(false);
    expect(parsePeriod('2025-W12', 'quarter')).toBeNull();
    expect(isPeriodKey(undefined)).toBe(false);
    expect(isPeriodKey(202503)).toBe(false);
  });

  it('refuses fractional steps and invalid dates', () => {
    expect(() => stepPeriod('2025-03', 0.5)).toThrow(RangeError);
    expect(() => periodKey('day', new Date(Number.NaN))).toThrow(RangeError);
    expect(() => stepPeriod('9999-12', 1)).toThrow(RangeError);
  });
});

describe('labels', () => {
  it('keeps the product wording for weeks', () => {
    expect(weekLabel('2025-W12')).toBe('Week 12, 2025 (17 Mar – 23 Mar)');
    expect(weekLabel('2026-W53')).toBe('Week 53, 2026 (28 Dec – 3 Jan)');
    expect(weekLabel('2025-W01')).toBe('Week 1, 2025 (30 Dec – 5 Jan)');
    expect(weekLabel('2025-W36')).toBe('Week 36, 2025 (1 Sep – 7 Sep)');
    expect(weekLabel('2021-W53')).toBe('2021-W53');
  });

  it('names every kind', () => {
    expect(periodLabel('2025-W12')).toBe('Week 12, 2025 (17 Mar – 23 Mar)');
    expect(periodLabel('2025-Q1')).toBe('Q1 2025 (Jan – Mar)');
    expect(periodLabel('2025-H2')).toBe('H2 2025 (Jul – Dec)');
    expect(periodLabel('2025-03', 'en-US')).toBe('March 2025');
    expect(periodLabel('2025-03-04', 'en-US')).toBe('Tuesday, March 4, 2025');
    expect(periodLabel('2025-H3')).toBe('2025-H3');
  });

  it('follows a locale when given one', () => {
    expect(weekLabel('2025-W12', 'en-US')).toBe('Week 12, 2025 (Mar 17 – Mar 23)');
    const de = (month: number) => new Date(2025, month, 1).toLocaleDateString('de-DE', { month: 'short' });
    expect(periodLabel('2025-Q1', 'de-DE')).toBe(`Q1 2025 (${de(0)} – ${de(2)})`);
  });
});

describe('a day of a month without a locale ("17 Mar", the timeline)', () => {
  it("writes every day of a leap year with en-US's month names, without a formatter; refuses what is not a day", () => {
    for (let i = 0; i < 366; i++) {
      const iso = addDays('2028-01-01', i);
      const date = new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8)));
      expect(shortDay(iso)).toBe(`${date.getDate()} ${date.toLocaleDateString('en-US', { month: 'short' })}`);
    }
    for (const bad of ['2026-13-01', 'March', '2026-00-10']) expect(() => shortDay(bad)).toThrow(RangeError);
  });
});
