import { coldPage, RENDER_RUNS, watchScripts } from '../lib/browser';
import { ensureReferencePage, noReferenceRuns, ratioRow, referenceRows, referenceRuns } from '../lib/reference-page';
import { scriptRows, scriptSizes } from '../lib/script-bytes';
import { median, ms, spread } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';

const ROOT = '[data-testid="dashboard-root"]';
const ABOUT_ME = '[data-testid="aboutme-root"]';

async function measureBytes(ctx: BenchContext, user: BenchUser): Promise<Row[]> {
  // Playwright's default window (1280×720), as these figures have always been taken.
  const page = await coldPage(ctx, user, [], {});
  const scripts = watchScripts(page);
  await page.goto('/dashboard');
  await page.locator(ROOT).waitFor({ state: 'visible' });
  await page.locator(ABOUT_ME).waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const sizes = await scriptSizes(scripts);
  await page.context().close();
  return scriptRows('first /dashboard visit', sizes, { files: 'signed-in user, empty cache' });
}

/** Records when the dashboard root (and the About me panel) first has a box, relative to navigation start. */
const RENDER_PROBE = `(() => {
  const marks = {};
  window.__benchMarks = marks;
  const check = () => {
    for (const id of ['dashboard-root', 'aboutme-root']) {
      if (marks[id]) continue;
      const el = document.querySelector('[data-testid="' + id + '"]');
      if (!el) continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) marks[id] = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

async function measureRender(ctx: BenchContext, user: BenchUser): Promise<Row[]> {
  const dashboard: number[] = [];
  const aboutMe: number[] = [];
  const wall: number[] = [];
  const reference = noReferenceRuns();
  const withReference = await ensureReferencePage(ctx);
  for (let run = 0; run < RENDER_RUNS; run++) {
    // The floors, just before each visit, so all see the machine alike.
    if (withReference) await referenceRuns(ctx, user, reference, {});
    const page = await coldPage(ctx, user, [RENDER_PROBE], {});
    const started = performance.now();
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.locator(ROOT).waitFor({ state: 'visible' });
    wall.push(performance.now() - started);
    await page.locator(ABOUT_ME).waitFor({ state: 'visible' });
    const marks = await page.evaluate(() => (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks);
    dashboard.push(marks['dashboard-root']!);
    aboutMe.push(marks['aboutme-root']!);
    await page.context().close();
  }
  const bench = 'dashboard render (cold)';
  return [
    ...referenceRows(bench, reference),
    {
      bench,
      metric: 'navigation → dashboard-root (median)',
      value: ms(median(dashboard)),
      notes: `${spread(dashboard)}; in-page performance.now() when the root first has a box`,
    },
    {
      bench,
      metric: 'navigation → About me panel (median)',
      value: ms(median(aboutMe)),
      notes: `${spread(aboutMe)}; people remote, loaded by the dashboard remote`,
    },
    ratioRow(bench, 'dashboard-root', dashboard, reference.plain, 'goal ≤ 1.3 ×'),
    ratioRow(bench, 'About me panel', aboutMe, reference.plain, 'goal ≤ 1.3 ×'),
    ratioRow(
      bench,
      'dashboard-root',
      dashboard,
      reference.federated,
      "what the shell's and the page's own code take",
      'federated reference page',
    ),
    {
      bench,
      metric: 'page.goto → root visible (median)',
      value: ms(median(wall)),
      notes: `${spread(wall)}; as Playwright sees it`,
    },
  ];
}

export const frontend: BenchModule = {
  name: 'frontend',
  description: 'JS bytes of a first /dashboard visit and time to the dashboard remote rendered (cold cache)',
  async run(ctx) {
    const user = await ctx.newUser('frontend');
    ctx.log('frontend: first visit, JS bytes');
    const bytes = await measureBytes(ctx, user);
    ctx.log(`frontend: ${RENDER_RUNS} cold renders of /dashboard`);
    const render = await measureRender(ctx, user);
    return [...bytes, ...render];
  },
};
