import { describe, expect, it } from '@jest/globals';
import { isIsoDate, localIsoDate } from './dates';

describe('journal dates', () => {
  it('formats a local date as YYYY-MM-DD', () => {
    expect(localIsoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(localIsoDate(new Date(2024, 11, 31, 0, 0))).toBe('2024-12-31');
  });

  it.each(['2025-01-05', '2024-02-29', '1999-12-31'])('accepts %s', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });

  it.each(['2025-02-30', '2023-02-29', '2025-1-5', '2025-13-01', 'today', '', '2025-01-05x'])('refuses %p', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });
});
