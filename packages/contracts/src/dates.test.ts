import { afterEach, describe, expect, it } from '@jest/globals';
import { formatDateTime, formatDay, formatDayInWords, formatDayLong, setDateLocale } from './dates';

describe('dates: one way to write a date a user reads', () => {
  afterEach(() => setDateLocale(undefined));

  it('a day, compact (lists, result lines) and long (sentences)', () => {
    setDateLocale('en-GB');
    expect(formatDay('2026-11-27', '2026-11-26')).toBe('Fri 27 Nov');
    expect(formatDay('2027-03-02', '2026-11-26')).toBe('Tue 2 Mar 2027');
    expect(formatDayLong('2026-11-27')).toMatch(/^Friday,? 27 November 2026$/);
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('a day in a sentence of a reply: day and month, the year only when it is not this year', () => {
    setDateLocale('en-GB');
    expect(formatDayInWords('2026-11-03', '2026-11-26')).toBe('3 November');
    expect(formatDayInWords('2026-11-03T10:00', '2026-11-26')).toBe('3 November');
    expect(formatDayInWords('2025-11-03', '2026-11-26')).toBe('3 November 2025');
    expect(formatDayInWords('not a day', '2026-11-26')).toBe('not a day');
  });

  it("follows the user's locale", () => {
    setDateLocale('en-US');
    expect(formatDay('2026-11-27', '2026-11-26')).toBe('Fri, Nov 27');
    setDateLocale('de-DE');
    expect(formatDay('2026-11-27', '2026-11-26')).toBe('Fr., 27. Nov.');
  });

  it('a day in a chat sentence is written one English way whatever the locale (the sentence is English)', () => {
    setDateLocale('en-US');
    expect(formatDayInWords('2026-11-27', '2026-11-26')).toBe('27 November');
    setDateLocale('de-DE');
    expect(formatDayInWords('2025-11-27', '2026-11-26')).toBe('27 November 2025');
  });

  it('a moment, in local time, never the browser widget form', () => {
    setDateLocale('en-GB');
    // The year only when it is not this year's, as formatDay writes a day.
    expect(formatDateTime(new Date(2026, 10, 26, 16, 11), '2027-01-04')).toMatch(/^Thu 26 Nov 2026,? (at )?16:11$/);
    expect(formatDateTime(new Date(2026, 10, 26, 16, 11), '2026-03-01')).toMatch(/^Thu 26 Nov,? (at )?16:11$/);
    expect(formatDateTime('nonsense')).toBe('nonsense');
  });
});
