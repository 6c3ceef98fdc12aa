import { afterEach, describe, expect, it } from '@jest/globals';
import { formatDateTime, formatDay, formatDayInWords, formatDayLong, formatMonth, setDateLocale } from './dates';

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

  it('writes the English compact and full forms from its tables exactly as Intl does, every day of three years', () => {
    const intl = (locale: string, options: Intl.DateTimeFormatOptions, date: Date) => new Intl.DateTimeFormat(locale, options).format(date);
    const short = { weekday: 'short', day: 'numeric', month: 'short' } as const;
    for (const locale of ['en-US', 'en-GB', 'en']) {
      setDateLocale(locale);
      // The product's compact form drops the comma en-GB puts after the weekday.
      const tidy = (text: string) => (locale === 'en-GB' ? text.replace(/^(\w{3}),/, '$1') : text);
      for (let day = new Date(2025, 0, 1); day.getFullYear() < 2028; day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) {
        const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
        expect(formatDay(iso, `${day.getFullYear()}-06-15`)).toBe(tidy(intl(locale, short, day)));
        expect(formatDay(iso, '2030-01-01')).toBe(tidy(intl(locale, { ...short, year: 'numeric' }, day)));
        expect(formatDayLong(iso)).toBe(intl(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, day));
        if (day.getDate() === 1) {
          expect(formatMonth(iso.slice(0, 7))).toBe(intl(locale, { month: 'short' }, day));
          expect(formatMonth(iso, { year: true })).toBe(intl(locale, { month: 'short', year: 'numeric' }, day));
          expect(formatMonth(iso, { year: true, long: true })).toBe(intl(locale, { month: 'long', year: 'numeric' }, day));
        }
      }
    }
    setDateLocale('en-GB');
    expect(formatMonth('2026-09')).toBe('Sept');
    expect(formatMonth('not a month', { year: true })).toBe('not a month');
    expect(formatDayLong('not a day')).toBe('not a day');
  });

  it('other locales go through Intl', () => {
    setDateLocale('de-DE');
    expect(formatMonth('2027-01', { year: true })).toBe('Jan. 2027');
    expect(formatMonth('2027-03', { year: true, long: true })).toBe('März 2027');
    expect(formatDayLong('2026-11-27')).toBe('Freitag, 27. November 2026');
    setDateLocale('en-AU');
    expect(formatDay('2026-11-27', '2026-11-26')).toBe(
      new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(2026, 10, 27)),
    );
  });
});
