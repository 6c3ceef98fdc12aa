import { describe, expect, test } from '@jest/globals';
import { asTaskLines, planWeek, withoutDayLabel } from './week-days';

describe('the days a week plan may use', () => {
  test('from today to Friday, from Monday for a later week, the weekend when only it is left, none once past', () => {
    expect(planWeek('2026-W48', '2026-11-26')?.days).toEqual(['2026-11-26', '2026-11-27']);
    expect(planWeek('2026-W49', '2026-11-26')?.days).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    expect(planWeek('2026-W48', '2026-11-28')?.days).toEqual(['2026-11-28', '2026-11-29']);
    expect(planWeek('2026-W47', '2026-11-26')?.days).toEqual([]);
    expect(planWeek('not a week', '2026-11-26')).toBeUndefined();
  });
});

describe("a model's actions as the week's task boxes", () => {
  const thursday = planWeek('2026-W48', '2026-11-26')!;

  test('every line gets a box; a day before today moves to today; the days run in order', () => {
    expect(
      asTaskLines(
        [
          'Mon: finish the slides',
          '**Tue 24 Nov:** send them to Maria',
          '- [ ] **Friday** — review the week',
          '1. [x] Thursday - call Sam',
          'Bring the notes',
          '2026-11-25: book the room',
          '# Not an action',
        ],
        thursday,
      ).split('\n'),
    ).toEqual([
      '- [ ] **Thu 26 Nov:** Finish the slides',
      '- [ ] **Thu 26 Nov:** Send them to Maria',
      '- [ ] **Thu 26 Nov:** Call Sam',
      // Undated, it stays after the line it followed.
      '- [ ] Bring the notes',
      '- [ ] **Thu 26 Nov:** Book the room',
      '- [ ] **Fri 27 Nov:** Review the week',
    ]);
  });

  test('a label that is no day stays words; a week gone by keeps nothing', () => {
    expect(asTaskLines(['Note: keep it short'], thursday)).toBe('- [ ] Note: keep it short');
    expect(asTaskLines(['Mon: x'], planWeek('2026-W47', '2026-11-26'))).toBe('');
  });

  test("an earlier plan's day is dropped from an action carried over", () => {
    expect(withoutDayLabel('**Mon 16 Nov:** Call Sam')).toBe('Call Sam');
    expect(withoutDayLabel('Follow-up: Dana')).toBe('Follow-up: Dana');
  });
});
