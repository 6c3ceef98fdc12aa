import { describe, expect, it } from '@jest/globals';
import { isJournalDate } from './files';
import { addDays, calendarDay, dateOfDay, isIsoDate, localIsoDate, longDate, monthGrid, monthLabel } from './periods';

describe('day keys', () => {
  it('formats a local date as YYYY-MM-DD', () => {
    expect(localIsoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(localIsoDate(new Date(2024, 11, 31, 0, 0))).toBe('2024-12-31');
    expect(localIsoDate(new Date(2026, 11, 31, 23, 59, 59, 999))).toBe('2026-12-31');
  });

  it.each(['2025-01-05', '2024-02-29', '1999-12-31', '2000-02-29', '0050-06-15'])('accepts %s', (value) => {
    expect(isIsoDate(value)).toBe(true);
    expect(isJournalDate(value)).toBe(true);
    expect(localIsoDate(dateOfDay(value)!)).toBe(value);
  });

  it.each([
    '2025-02-30',
    '2023-02-29',
    '1900-02-29',
    '2025-1-5',
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '0000-01-01',
    'today',
    '',
    '2025-01-05x',
    ' 2025-01-05',
  ])('refuses %p', (value) => {
    expect(isIsoDate(value)).toBe(false);
    expect(isJournalDate(value)).toBe(false);
  });

  it('reads a day as local midnight, whatever the year', () => {
    const d = dateOfDay('2025-03-30')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2025, 2, 30, 0]);
    expect(calendarDay(50, 1, 1)!.getFullYear()).toBe(50);
    expect(calendarDay(2025, 2, 29)).toBeUndefined();
  });
});

describe('day arithmetic', () => {
  it.each([
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-03-30', 1, '2025-03-31'],
    ['2025-10-26', -1, '2025-10-25'],
    ['2025-01-01', 365, '2026-01-01'],
    ['2025-03-04', 0, '2025-03-04'],
  ])('%s %+i days is %s', (from, n, to) => {
    expect(addDays(from, n)).toBe(to);
  });

  it('refuses a day that does not exist', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
    expect(() => longDate('nope')).toThrow(RangeError);
  });
});

describe('the journal calendar', () => {
  it('lays out March 2025 Monday first (1 March is a Saturday)', () => {
    const grid = monthGrid(2025, 3);
    expect(grid).toHaveLength(6);
    expect(grid[0]).toEqual([null, null, null, null, null, '2025-03-01', '2025-03-02']);
    expect(grid[5]).toEqual(['2025-03-31', null, null, null, null, null, null]);
    expect(grid.flat().filter(Boolean)).toHaveLength(31);
  });

  it('fits February 2021 in four rows (it starts on a Monday)', () => {
    const grid = monthGrid(2021, 2);
    expect(grid).toHaveLength(4);
    expect(grid[0]![0]).toBe('2021-02-01');
    expect(grid[3]![6]).toBe('2021-02-28');
  });

  it('names months and days in a locale', () => {
    expect(monthLabel(2025, 3, 'en-US')).toBe('March 2025');
    expect(longDate('2025-03-04', 'en-US')).toBe('Tuesday, March 4, 2025');
    expect(() => monthLabel(2025, 13)).toThrow(RangeError);
  });
});
