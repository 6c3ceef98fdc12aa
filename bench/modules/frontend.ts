import { gzipSync } from 'node:zlib';
import type { BrowserContext, Response } from 'playwright-core';
import { kib, max, median, min, ms } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';

const RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 5);
const ROOT = '[data-testid="dashboard-root"]';
const ABOUT_ME = '[data-testid="aboutme-root"]';

async function signedInContext(ctx: BenchContext, user: BenchUser): Promise<BrowserContext> {
  const browser = await ctx.browser();
  // A new context has an empty HTTP cache: every visit below is a cold first visit.
  const context = await browser.newContext({ baseURL: ctx.baseURL });
  await context.addCookies([{ name: user.cookieName, value: user.cookieValue, url: ctx.baseURL }]);
  return context;
}

/** Which part of the product a script belongs to: the shell, or /mfe/<remote>. */
function owner(pathname: string): string {
  const match = /^\/mfe\/([^/]+)\//.exec(pathname);
  return match ? `mfe/${match[1]}` : 'shell';
}

interface ScriptSize {
  path: string;
  raw: number;
  wire: number;
  gzip9: number;
  encoding: string;
}

async function measureBytes(ctx: BenchContext, user: BenchUser): Promise<Row[]> {
  const context = await signedInContext(ctx, user);
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type === 'script' || /javascript/.test(contentType)) responses.push(response);
  });
  await page.goto('/dashboard');
  await page.locator(ROOT).waitFor({ state: 'visible' });
  await page.locator(ABOUT_ME).waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');

  const sizes: ScriptSize[] = [];
  for (const response of responses) {
    await response.finished();
    const body = await response.body();
    const transfer = await response.request().sizes();
    sizes.push({
      path: new URL(response.url()).pathname,
      raw: body.length,
      wire: transfer.responseBodySize,
      gzip9: gzipSync(body, { level: 9 }).length,
      encoding: response.headers()['content-encoding'] ?? 'identity',
    });
  }
  await context.close();

  const sum = (list: ScriptSize[], key: 'raw' | 'wire' | 'gzip9') => list.reduce((n, s) => n + s[key], 0);
  const encodings = [...new Set(sizes.map((s) => s.encoding))].join(', ');
  const rows: Row[] = [
    { bench: 'first /dashboard visit', metric: 'JS files', value: String(sizes.length), notes: 'signed-in user, empty cache' },
    { bench: 'first /dashboard visit', metric: 'JS bytes, raw', value: kib(sum(sizes, 'raw')), notes: `${sum(sizes, 'raw')} B decoded` },
    {
      bench: 'first /dashboard visit',
      metric: 'JS bytes, gzip (wire)',
      value: kib(sum(sizes, 'wire')),
      notes: `${sum(sizes, 'wire')} B as transferred by nginx (Content-Encoding: ${encodings})`,
    },
    {
      bench: 'first /dashboard visit',
      metric: 'JS bytes, gzip -9 (zlib)',
      value: kib(sum(sizes, 'gzip9')),
      notes: 'bodies re-gzipped by the bench, for reference',
    },
  ];
  const groups = new Map<string, ScriptSize[]>();
  for (const s of sizes) groups.set(owner(s.path), [...(groups.get(owner(s.path)) ?? []), s]);
  for (const [group, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    rows.push({
      bench: 'first /dashboard visit',
      metric: `  ${group}`,
      value: kib(sum(list, 'raw')),
      notes: `raw; ${kib(sum(list, 'wire'))} wire; ${list.length} file(s)`,
    });
  }
  return rows;
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
  for (let run = 0; run < RUNS; run++) {
    const context = await signedInContext(ctx, user);
    await context.addInitScript({ content: RENDER_PROBE });
    const page = await context.newPage();
    const started = performance.now();
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.locator(ROOT).waitFor({ state: 'visible' });
    wall.push(performance.now() - started);
    await page.locator(ABOUT_ME).waitFor({ state: 'visible' });
    const marks = await page.evaluate(() => (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks);
    dashboard.push(marks['dashboard-root']!);
    aboutMe.push(marks['aboutme-root']!);
    await context.close();
  }
  const stat = (values: number[]) => `min ${ms(min(values))}, max ${ms(max(values))}, n=${values.length}`;
  return [
    {
      bench: 'dashboard render (cold)',
      metric: 'navigation → dashboard-root (median)',
      value: ms(median(dashboard)),
      notes: `${stat(dashboard)}; in-page performance.now() when the root first has a box`,
    },
    {
      bench: 'dashboard render (cold)',
      metric: 'navigation → About me panel (median)',
      value: ms(median(aboutMe)),
      notes: `${stat(aboutMe)}; people remote, loaded by the dashboard remote`,
    },
    {
      bench: 'dashboard render (cold)',
      metric: 'page.goto → root visible (median)',
      value: ms(median(wall)),
      notes: `${stat(wall)}; as Playwright sees it`,
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
    ctx.log(`frontend: ${RUNS} cold renders of /dashboard`);
    const render = await measureRender(ctx, user);
    return [...bytes, ...render];
  },
};
