import { coldPage, RENDER_RUNS, watchScripts } from '../lib/browser';
import { getJson, userIdOf, withBenchDb } from '../lib/db';
import { kib, median, ms, spread } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';

const DAYS = 365;
const STEPS = 10;

const localDay = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() - offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * A year of answered start-of-day check-ins: every question scored on each of the last 365 days.
 * Written straight into svc-coaching's table (the offline coach is rate-limited per user, so
 * 1,000+ scored replies through the API would take an hour); the rows are what the coach stores.
 */
async function seed(ctx: BenchContext, user: BenchUser): Promise<number> {
  const userId = await userIdOf(ctx, user);
  const today = await getJson<{ sections: { questions: { id: number }[] }[] }>(
    ctx,
    user,
    `/coaching/questionnaire_sections?type=start_of_day&period_key=${localDay(0)}`,
  );
  const ids = today.sections.flatMap((s) => s.questions.map((q) => q.id));
  const rows: Record<string, unknown>[] = [];
  for (let n = 0; n < DAYS; n++) {
    for (const [i, id] of ids.entries()) {
      rows.push({
        user_id: userId,
        question_id: id,
        period_key: localDay(n),
        messages: JSON.stringify([
          { role: 'user', content: 'Ship the report by 3 pm: I own the numbers, so I block the morning and send it for review at 1.' },
          { role: 'assistant', content: 'Specific and concrete. What will you do if the data is late?' },
        ]),
        score: 20 + ((n * 7 + i * 13) % 76),
        score_feedback: 'Specific: yes. Concrete: yes. Complete: partly.',
        content: n % 5 === 0 ? 'Blocked the morning.' : '',
      });
    }
  }
  await withBenchDb(async (db) => {
    for (let i = 0; i < rows.length; i += 500)
      await db
        .withSchema('coaching')
        .table('question_conversations')
        .insert(rows.slice(i, i + 500));
  });
  return rows.length;
}

/** In-page probe: when the default tab (start of day) shows its questions with their scores. */
const PROBE = `(() => {
  const marks = {};
  window.__coachingMarks = marks;
  new MutationObserver(() => {
    if (marks.scores) return;
    const tab = document.querySelector('[data-testid="checkin"][data-loading="false"]');
    const donuts = tab ? tab.querySelectorAll('[data-testid="question"] [data-testid="score-donut"]') : [];
    if (donuts.length > 0 && [...donuts].every((d) => d.getAttribute('data-colour') !== 'none')) marks.scores = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

async function firstVisit(
  ctx: BenchContext,
  user: BenchUser,
): Promise<{ times: number[]; bytes: Row[]; requestStarts: number[]; requestTimes: number[] }> {
  const times: number[] = [];
  const requestStarts: number[] = [];
  const requestTimes: number[] = [];
  let bytes: Row[] = [];
  for (let run = 0; run < RENDER_RUNS; run++) {
    const page = await coldPage(ctx, user, [PROBE]);
    const scripts = watchScripts(page);
    await page.goto('/coaching', { waitUntil: 'commit' });
    await page.waitForFunction(
      () => Boolean((window as unknown as { __coachingMarks: { scores?: number } }).__coachingMarks.scores),
      null,
      {
        timeout: 30_000,
      },
    );
    times.push(await page.evaluate(() => (window as unknown as { __coachingMarks: { scores: number } }).__coachingMarks.scores));
    // Where the time goes: the questionnaire request's start (shell, session, remote and page
    // chunks before it) and its answer.
    const call = await page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/coaching/questionnaire_sections')) as
        PerformanceResourceTiming | undefined;
      return entry ? { start: entry.startTime, took: entry.responseEnd - entry.startTime } : null;
    });
    if (call) {
      requestStarts.push(call.start);
      requestTimes.push(call.took);
    }
    if (run === 0) {
      // What arrived by the time the scores showed (the lazy purpose modal may follow).
      let wire = 0;
      let raw = 0;
      const coaching = { wire: 0, files: 0 };
      for (const r of scripts) {
        const sizes = await r.request().sizes();
        const body = await r.body().catch(() => Buffer.alloc(0));
        wire += sizes.responseBodySize;
        raw += body.length;
        if (new URL(r.url()).pathname.startsWith('/mfe/coaching/')) {
          coaching.wire += sizes.responseBodySize;
          coaching.files += 1;
        }
      }
      bytes = [
        {
          bench: 'first /coaching visit',
          metric: 'JS files',
          value: String(scripts.length),
          notes: 'up to the scores rendered, signed in, empty cache',
        },
        { bench: 'first /coaching visit', metric: 'JS bytes, gzip (wire)', value: kib(wire), notes: `${kib(raw)} raw` },
        { bench: 'first /coaching visit', metric: '  mfe/coaching', value: kib(coaching.wire), notes: `wire; ${coaching.files} file(s)` },
      ];
    }
    await page.context().close();
  }
  return { times, bytes, requestStarts, requestTimes };
}

/** One click on the previous arrow, resolved with the time until the new day's questions are on screen (a string: tsx's helpers do not exist in the page). */
const STEP = `new Promise((resolve) => {
  const picker = document.querySelector('[data-testid="period-picker"]');
  const tab = document.querySelector('[data-testid="checkin"]');
  const before = picker.getAttribute('data-period');
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (picker.getAttribute('data-period') === before || tab.getAttribute('data-loading') !== 'false') return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - start));
  });
  observer.observe(tab, { subtree: true, childList: true, attributes: true });
  document.querySelector('[aria-label="Previous period"]').click();
})`;

/** Steps back one day at a time: click → the new day's questions and scores on screen. */
async function periodSteps(ctx: BenchContext, user: BenchUser): Promise<number[]> {
  const page = await coldPage(ctx, user);
  await page.goto('/coaching');
  await page.locator('.cc-modal-footer button', { hasText: /^Close$/ }).click();
  await page.locator('[data-testid="checkin"][data-loading="false"]').waitFor();
  const times: number[] = [];
  for (let i = 0; i < STEPS; i++) {
    // Past the 150 ms guard against duplicate clicks.
    await page.waitForTimeout(200);
    times.push((await page.evaluate(STEP)) as number);
  }
  await page.context().close();
  return times;
}

export const coaching: BenchModule = {
  name: 'coaching',
  description:
    'the start-of-day check-in for an account with a year of answered daily check-ins: first visit (bytes, navigation → scores), a period step',
  async run(ctx) {
    const user = await ctx.newUser('coaching');
    ctx.log(`coaching: seeding ${DAYS} days of answered start-of-day check-ins`);
    const seeded = await seed(ctx, user);
    ctx.log(`coaching: ${RENDER_RUNS} cold visits of /coaching`);
    const visit = await firstVisit(ctx, user);
    ctx.log(`coaching: ${STEPS} period steps`);
    const steps = await periodSteps(ctx, user);
    return [
      ...visit.bytes,
      {
        bench: 'coaching render (cold)',
        metric: 'navigation → questions with scores (median)',
        value: ms(median(visit.times)),
        notes: `${spread(visit.times)}; ${seeded} scored conversations; goal ≤ 400 ms`,
      },
      {
        bench: 'coaching render (cold)',
        metric: '  of which: questionnaire request starts at (median)',
        value: ms(median(visit.requestStarts)),
        notes: 'shell, session, remote entry and page chunks come first',
      },
      {
        bench: 'coaching render (cold)',
        metric: '  of which: questionnaire answer (median)',
        value: ms(median(visit.requestTimes)),
        notes: 'GET /coaching/questionnaire_sections with 8 periods of scores per question',
      },
      {
        bench: 'coaching period step',
        metric: 'previous day → its questions and scores (median)',
        value: ms(median(steps)),
        notes: `${spread(steps)}; goal ≤ 100 ms`,
      },
    ];
  },
};
