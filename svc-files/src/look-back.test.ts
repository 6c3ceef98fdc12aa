import { describe, expect, test } from '@jest/globals';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { lookBackDates } from './look-back';
import { startFiles } from './test-support';

const h = startedForTests(startFiles);

const BAD_DATE = { success: false, errors: ['Date must be a real date in the form YYYY-MM-DD.'] };

const save = (c: TestClient, date: string, content: string) => c.post(`/journal/${date}/save`, { content });
const lookBack = (c: TestClient, date: string) => c.get(`/journal/${date}/look_back`);

describe('the days a look back reads', () => {
  test('a month, three months and a year before, on the calendar', () => {
    expect(lookBackDates('2026-06-15')).toEqual([
      { ago: 'one_month', date: '2026-05-15' },
      { ago: 'three_months', date: '2026-03-15' },
      { ago: 'one_year', date: '2025-06-15' },
    ]);
    // A month back from the 31st is the month's last day; a year back from 29 February is the 28th.
    expect(lookBackDates('2026-03-31').map((d) => d.date)).toEqual(['2026-02-28', '2025-12-31', '2025-03-31']);
    expect(lookBackDates('2024-03-31')[0]!.date).toBe('2024-02-29');
    expect(lookBackDates('2024-02-29').map((d) => d.date)).toEqual(['2024-01-29', '2023-11-29', '2023-02-28']);
    expect(lookBackDates('2026-01-10').map((d) => d.date)).toEqual(['2025-12-10', '2025-10-10', '2025-01-10']);
    // Nothing before year 1.
    expect(lookBackDates('0001-02-10')).toEqual([{ ago: 'one_month', date: '0001-01-10' }]);
  });
});

describe('GET /journal/{date}/look_back', () => {
  test('each age that has an entry, in order, as one plain line and its address', async () => {
    const c = h.user();
    await save(c, '2025-06-15', '# A year ago\nMore of it');
    await save(c, '2026-03-15', '- [x] Shipped **the billing fix** with [Sam](https://example.test/sam)');
    await save(c, '2026-05-15', 'Planned the quarter.\nSecond line');
    // Days around them are not read.
    await save(c, '2026-05-14', 'The day before');
    await save(c, '2026-06-14', 'Yesterday');
    const res = await lookBack(c, '2026-06-15');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      entries: [
        { ago: 'one_month', date: '2026-05-15', line: 'Planned the quarter.', url: '/journal/2026-05-15' },
        { ago: 'three_months', date: '2026-03-15', line: 'Shipped the billing fix with Sam', url: '/journal/2026-03-15' },
        { ago: 'one_year', date: '2025-06-15', line: 'A year ago', url: '/journal/2025-06-15' },
      ],
    });
  });

  test('missing and empty entries are left out; a long line is cut to 160 characters', async () => {
    const c = h.user();
    expect((await lookBack(c, '2026-06-15')).body).toEqual({ success: true, entries: [] });
    await save(c, '2026-05-15', '  \n\t\n');
    await save(c, '2025-06-15', '---\n\n');
    await save(c, '2026-03-15', `${'word '.repeat(50)}end`);
    const { entries } = (await lookBack(c, '2026-06-15')).body;
    expect(entries.map((e: { ago: string }) => e.ago)).toEqual(['three_months']);
    expect(entries[0].line.length).toBeLessThanOrEqual(160);
    expect(entries[0].line.endsWith('word…')).toBe(true);
    // An entry emptied since drops out.
    await save(c, '2026-03-15', '');
    expect((await lookBack(c, '2026-06-15')).body.entries).toEqual([]);
  });

  test('the end of a month: 31 March looks back to the last day of February', async () => {
    const c = h.user();
    await save(c, '2026-02-28', 'End of February');
    await save(c, '2025-12-31', 'New Year’s Eve');
    expect((await lookBack(c, '2026-03-31')).body.entries.map((e: { date: string }) => e.date)).toEqual(['2026-02-28', '2025-12-31']);
  });

  test("another user's entries are never read", async () => {
    const a = h.user();
    const b = h.user();
    await save(a, '2026-05-15', 'private thoughts');
    expect((await lookBack(b, '2026-06-15')).body).toEqual({ success: true, entries: [] });
    await save(b, '2025-06-15', "b's own");
    expect((await lookBack(a, '2026-06-15')).body.entries.map((e: { line: string }) => e.line)).toEqual(['private thoughts']);
    expect((await lookBack(b, '2026-06-15')).body.entries.map((e: { line: string }) => e.line)).toEqual(["b's own"]);
  });

  test('a date that is not a real day is 422; signed out is 401', async () => {
    const c = h.user();
    for (const date of ['2025-02-29', '2026-13-01', '2026-1-5', 'today', '0000-01-01']) {
      const res = await lookBack(c, date);
      expect([date, res.status, res.body]).toEqual([date, 422, BAD_DATE]);
    }
    expect((await new TestClient(h.svc.url).get('/journal/2026-06-15/look_back')).status).toBe(401);
  });
});
