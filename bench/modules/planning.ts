import { coldPage, RENDER_RUNS, watchScripts } from '../lib/browser';
import { ensureReferencePage, noReferenceRuns, ratioRow, referenceRows, referenceRuns, type ReferenceRuns } from '../lib/reference-page';
import { scriptRows, scriptSizes } from '../lib/script-bytes';
import { median, ms, spread } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';

const TODOS = 1000;
const MILESTONES = 100;

/** 1,000 todos (every tenth linked to one of 100 milestones), through the gateway, 10 at a time. */
export async function seedPlanning(ctx: BenchContext, user: BenchUser): Promise<void> {
  const headers = { 'content-type': 'application/json', accept: 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(new URL(path, ctx.baseURL), { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { milestone?: { id: number } };
  };
  const inBatches = async <T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> => {
    const out: T[] = [];
    for (let i = 0; i < count; i += 10)
      out.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => make(i + j)))));
    return out;
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const milestones = await inBatches(MILESTONES, (i) =>
    post('/planning/milestones', { milestone: { title: `Milestone ${i + 1}: a goal worth a quarter`, target_date: day(7 + i * 3) } }),
  );
  await inBatches(TODOS, (i) =>
    post('/planning/todos', {
      todo: {
        title: `Todo ${i + 1}: follow up on the thing that matters`,
        due_date: day((i % 120) - 20),
        description: i % 3 === 0 ? 'Some context for this todo, a sentence or two long.' : '',
        tags: i % 2 === 0 ? 'work, career' : '',
        milestone_id: i % 10 === 0 ? milestones[(i / 10) % MILESTONES]!.milestone!.id : null,
      },
    }),
  );
}

async function measureBytes(ctx: BenchContext, user: BenchUser): Promise<Row[]> {
  const page = await coldPage(ctx, user);
  const scripts = watchScripts(page);
  await page.goto('/planning');
  await page.locator('[data-testid="todo-list"]').waitFor({ state: 'visible' });
  // The chat shows as a placeholder; its panel loads when the user reaches for it (not counted here).
  await page.locator('[data-testid="planning-chat"] [data-testid="chat-launcher"]').waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const sizes = await scriptSizes(scripts);
  await page.context().close();
  return scriptRows('first /planning visit', sizes, {
    files: 'signed-in user, empty cache, list and chat placeholder shown (the chat panel loads when reached for)',
    wire: 'goal ≤ 200 KB',
  });
}

/**
 * In-page probe: when the todo list shows its first rows (the list of all 1,000, its top rows in
 * the page), when it holds all its rows, and when the timeline has its 53 blocks with the current
 * week centred (performance.now(): from navigation start). The list renders its first rows at
 * once and the rest right after the first paint, so "first rows" and "all rows" differ.
 */
const PROBE = `(() => {
  const marks = {};
  window.__planningMarks = marks;
  const check = () => {
    if (!marks.root) {
      const root = document.querySelector('[data-testid="planning-root"]');
      if (root && root.getBoundingClientRect().height > 0) marks.root = performance.now();
    }
    const list = document.querySelector('[data-testid="todo-list"]');
    if (!marks.firstRows && list && Number(list.getAttribute('data-count')) >= ${TODOS} && list.children.length > 0 && list.getBoundingClientRect().height > 0) marks.firstRows = performance.now();
    if (!marks.list && list && list.children.length >= ${TODOS} && list.getBoundingClientRect().height > 0) marks.list = performance.now();
    if (!marks.timeline) {
      const t = document.querySelector('[data-testid="timeline"][data-centred="true"]');
      if (t && t.querySelectorAll('[data-testid="week-block"]').length === 53) marks.timeline = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/**
 * Where the time went (from navigation start, Resource Timing): when the page's data calls left
 * and answered, and when the last of the planning remote's code the mark needed had arrived.
 */
const waterfall = ([paths, mark]: [string[], number]) => {
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const data = entries.filter((e) => paths.includes(new URL(e.name).pathname));
  const code = entries.filter((e) => new URL(e.name).pathname.startsWith('/mfe/planning/') && e.responseEnd <= mark);
  return {
    start: Math.min(...data.map((e) => e.startTime)),
    answered: Math.max(...data.map((e) => e.responseEnd)),
    took: Math.max(...data.map((e) => e.responseEnd - e.startTime)),
    code: code.length ? Math.max(...code.map((e) => e.responseEnd)) : Number.NaN,
  };
};

interface ColdRun {
  done: number[];
  root: number[];
  /** The list's first rows (list runs only). */
  first: number[];
  /** When the data the mark waits for had answered. */
  data: number[];
  /** When its first call left, and the longest answer. */
  start: number[];
  took: number[];
  /** When the planning remote's code had arrived. */
  code: number[];
  /** The reference pages, one cold visit each before each run (bench/lib/reference-page.ts). */
  reference: ReferenceRuns;
}

async function coldRuns(ctx: BenchContext, user: BenchUser, path: string, mark: 'list' | 'timeline'): Promise<ColdRun> {
  const out: ColdRun = { done: [], root: [], first: [], data: [], start: [], took: [], code: [], reference: noReferenceRuns() };
  const withReference = await ensureReferencePage(ctx);
  const dataPaths =
    mark === 'list' ? ['/planning/todos', '/planning/milestones'] : ['/coaching/current_action_plan', '/coaching/timeline_items'];
  for (let run = 0; run < RENDER_RUNS; run++) {
    if (withReference) await referenceRuns(ctx, user, out.reference);
    const page = await coldPage(ctx, user, [PROBE]);
    await page.goto(path, { waitUntil: 'commit' });
    await page.waitForFunction(
      (m) => Boolean((window as unknown as { __planningMarks: Record<string, number> }).__planningMarks[m]),
      mark,
      {
        timeout: 30_000,
      },
    );
    const marks = await page.evaluate(() => (window as unknown as { __planningMarks: Record<string, number> }).__planningMarks);
    out.done.push(marks[mark]!);
    out.root.push(marks.root!);
    if (marks.firstRows !== undefined) out.first.push(marks.firstRows);
    const times = await page.evaluate(waterfall, [dataPaths, marks[mark]!] as [string[], number]);
    out.data.push(times.answered);
    out.start.push(times.start);
    out.took.push(times.took);
    out.code.push(times.code);
    await page.context().close();
  }
  return out;
}

/** Where a cold render's time went: the planning code arriving, the data calls leaving and answering, the render after both. */
function waterfallRows(bench: string, calls: string, run: ColdRun): Row[] {
  const after = run.done.map((done, i) => done - Math.max(run.code[i]!, run.data[i]!));
  return [
    {
      bench,
      metric: '  of which: planning code arrived at',
      value: ms(median(run.code)),
      notes: `${spread(run.code)}; remote entry and page chunks`,
    },
    { bench, metric: `  of which: ${calls} start at`, value: ms(median(run.start)), notes: spread(run.start) },
    { bench, metric: `  of which: ${calls} answer in`, value: ms(median(run.took)), notes: `${spread(run.took)}; the slower of the two` },
    { bench, metric: `  of which: ${calls} answered at`, value: ms(median(run.data)), notes: spread(run.data) },
    { bench, metric: '  of which: code and answers in → rendered', value: ms(median(after)), notes: spread(after) },
  ];
}

export const planning: BenchModule = {
  name: 'planning',
  description: 'first /planning visit (JS bytes); 1,000 todos and 100 milestones listed; the 53-week action plan centred (cold cache)',
  async run(ctx) {
    const user = await ctx.newUser('planning');
    ctx.log(`planning: seeding ${TODOS} todos and ${MILESTONES} milestones`);
    await seedPlanning(ctx, user);
    ctx.log('planning: first visit, JS bytes');
    const bytes = await measureBytes(ctx, user);
    ctx.log(`planning: ${RENDER_RUNS} cold renders of /planning/all_todos and /planning/action_plan`);
    const list = await coldRuns(ctx, user, '/planning/all_todos', 'list');
    const timeline = await coldRuns(ctx, user, '/planning/action_plan', 'timeline');
    const bench = 'planning render (cold)';
    return [
      ...bytes,
      ...referenceRows(bench, {
        plain: [...list.reference.plain, ...timeline.reference.plain],
        federated: [...list.reference.federated, ...timeline.reference.federated],
      }),
      {
        bench,
        metric: 'navigation → planning-root (median)',
        value: ms(median(list.root)),
        notes: `${spread(list.root)}; the page's frame, before its data (shell and remote loaded)`,
      },
      ...waterfallRows(bench, 'GET /planning/todos + milestones', list),
      {
        bench,
        metric: `navigation → first todos shown (median)`,
        value: ms(median(list.first)),
        notes: `${spread(list.first)}; the list of ${TODOS} with its top rows (the rest follow right after the first paint)`,
      },
      {
        bench,
        metric: `navigation → ${TODOS} todos listed (median)`,
        value: ms(median(list.done)),
        notes: `${spread(list.done)}; every row in the page; ${MILESTONES} milestones; goal ≤ 400 ms`,
      },
      ratioRow(bench, `${TODOS} todos listed`, list.done, list.reference.plain),
      ratioRow(bench, `${TODOS} todos listed`, list.done, list.reference.federated, '', 'federated reference page'),
      ...waterfallRows(bench, 'GET action plan + its weeks', timeline),
      {
        bench,
        metric: 'navigation → 53 weeks, current centred (median)',
        value: ms(median(timeline.done)),
        notes: `${spread(timeline.done)}; goal ≤ 250 ms`,
      },
      ratioRow(bench, '53 weeks centred', timeline.done, timeline.reference.plain),
      ratioRow(bench, '53 weeks centred', timeline.done, timeline.reference.federated, '', 'federated reference page'),
    ];
  },
};
