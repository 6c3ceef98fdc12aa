import { median, ms } from '../lib/stats';
import type { BenchModule, Row } from '../lib/types';
import { seedPeople } from './people';
import { seedPlanning } from './planning';

const RUNS = Number(process.env.BENCH_CALENDAR_RUNS ?? 20);

const p95 = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;

/** One request as a calendar app makes it: no cookie, maybe the ETag it was given. */
async function timed(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; status: number; text: string; etag: string | null }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { accept: 'text/calendar', ...headers } });
  const text = await res.text();
  return { ms: performance.now() - start, status: res.status, text, etag: res.headers.get('etag') };
}

/**
 * The calendar feed of a busy account (docs/calendar.md): the planning module's 1,000 todos and
 * 100 milestones and the people module's 1,000 people and 5,000 meetings (a past year of them in
 * the feed), polled as a calendar app polls it, through nginx; then the same poll with the ETag
 * (answered 304: the feed is still built, only the bytes are saved).
 */
export const calendar: BenchModule = {
  name: 'calendar',
  description:
    'GET /calendar/{token}.ics for 1,000 todos, 100 milestones and 5,000 meetings: size, events, time to the last byte, and with If-None-Match',
  async run(ctx) {
    const user = await ctx.newUser('calendar');
    ctx.log('calendar: seeding 1,000 todos, 100 milestones, 1,000 people and 5,000 meetings');
    await seedPlanning(ctx, user);
    await seedPeople(ctx, user);
    const headers = { 'content-type': 'application/json', accept: 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken };
    const patch = await fetch(new URL('/auth/calendar', ctx.baseURL), {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ time_zone: 'Europe/Berlin', reminders: { start_of_day: '09:00', end_of_week: '16:00' } }),
    });
    if (!patch.ok) throw new Error(`PATCH /auth/calendar answered ${patch.status}`);
    const on = await fetch(new URL('/auth/calendar/reset', ctx.baseURL), { method: 'POST', headers });
    const { calendar: settings } = (await on.json()) as { calendar: { feed_path: string } };
    const url = new URL(settings.feed_path, ctx.baseURL).toString();

    const first = await timed(url, {});
    if (first.status !== 200) throw new Error(`the feed answered ${first.status}`);
    const events = first.text.match(/^BEGIN:VEVENT\r$/gm)?.length ?? 0;
    const full: number[] = [];
    const unchanged: number[] = [];
    ctx.log(`calendar: ${RUNS} polls, then ${RUNS} with the ETag`);
    for (let i = 0; i < RUNS; i++) full.push((await timed(url, {})).ms);
    for (let i = 0; i < RUNS; i++) {
      const res = await timed(url, { 'if-none-match': first.etag ?? '' });
      if (res.status !== 304) throw new Error(`a poll with the ETag answered ${res.status}`);
      unchanged.push(res.ms);
    }
    const bench = 'calendar';
    const rows: Row[] = [
      { bench, metric: 'feed size', value: `${(Buffer.byteLength(first.text) / 1024).toFixed(0)} KiB`, notes: `${events} events` },
      {
        bench,
        metric: 'poll → last byte (median)',
        value: ms(median(full)),
        notes: `p95 ${ms(p95(full))}, n=${RUNS}, one at a time, through nginx`,
      },
      { bench, metric: 'poll with the ETag → 304 (median)', value: ms(median(unchanged)), notes: `p95 ${ms(p95(unchanged))}, n=${RUNS}` },
    ];
    return rows;
  },
};
