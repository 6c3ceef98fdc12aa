import type { Page } from 'playwright-core';
import { coldPage, RENDER_RUNS } from '../lib/browser';
import { median, ms, spread } from '../lib/stats';
import type { BenchModule, Row } from '../lib/types';
import { fill } from './files';

const FILES = 10_000;
/** 10,000 files over 5 folders: 2,000 files each. */
const FOLDERS = 5;

/**
 * In-page probe: when the first folder row of the explorer has a box (performance.now(), i.e.
 * from navigation start), and when the explorer's data state became 'ready'.
 */
const EXPLORER_PROBE = `(() => {
  const marks = {};
  window.__explorerMarks = marks;
  const check = () => {
    if (!marks.folder) {
      const el = document.querySelector('[data-testid="explorer-folder"]');
      if (el) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.height > 0) marks.folder = performance.now();
      }
    }
    if (!marks.root) {
      const root = document.querySelector('[data-testid="explorer-root"]');
      if (root && root.getBoundingClientRect().height > 0) marks.root = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/**
 * In-page helpers (plain source: tsx would add a `__name` helper to functions passed to
 * page.evaluate, which the page does not have).
 * - __benchExpand(name): clicks a folder header; resolves when its file rows are in the DOM and
 *   two animation frames later (laid out and painted): {ms, rows}.
 * - __benchShowAll(name): clicks "Show more" until the folder shows every file: {ms, rows}.
 */
const TIMING_HELPERS = `(() => {
  const folderEl = (name) => Array.from(document.querySelectorAll('[data-testid="explorer-folder"]')).find((el) => el.dataset.folderName === name);
  const rowsOf = (folder) => folder.querySelectorAll('[data-testid="explorer-file"]').length;
  const painted = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  window.__benchExpand = async (name) => {
    const folder = folderEl(name);
    if (!folder) throw new Error('no folder ' + name);
    const started = performance.now();
    folder.querySelector('.folder-toggle').click();
    await new Promise((resolve) => {
      if (rowsOf(folder) > 0) return resolve();
      const observer = new MutationObserver(() => {
        if (rowsOf(folder) > 0) { observer.disconnect(); resolve(); }
      });
      observer.observe(folder, { subtree: true, childList: true });
    });
    await painted();
    return { ms: performance.now() - started, rows: rowsOf(folder) };
  };
  window.__benchShowAll = async (name) => {
    const folder = folderEl(name);
    const started = performance.now();
    for (let guard = 0; guard < 100; guard++) {
      const more = folder.querySelector('.show-more');
      if (!more) break;
      const before = rowsOf(folder);
      more.click();
      while (rowsOf(folder) === before) await new Promise((r) => setTimeout(r, 0));
      await painted();
    }
    return { ms: performance.now() - started, rows: rowsOf(folder) };
  };
})();`;

type Timing = { ms: number; rows: number };
type Helpers = { __benchExpand: (name: string) => Promise<Timing>; __benchShowAll: (name: string) => Promise<Timing> };
const expandTiming = (page: Page, name: string) => page.evaluate((n) => (window as unknown as Helpers).__benchExpand(n), name);
const showAllTiming = (page: Page, name: string) => page.evaluate((n) => (window as unknown as Helpers).__benchShowAll(n), name);

export const explorer: BenchModule = {
  name: 'explorer',
  description:
    'Dashboard explorer in Chromium for an account with 10,000 files: navigation → folders listed, expanding a folder of 2,000 files',
  async run(ctx) {
    const user = await ctx.newUser('explorer10k');
    const setupStarted = performance.now();
    await fill(ctx.baseURL, user, FILES, FOLDERS);
    const rows: Row[] = [
      {
        bench: 'explorer, 10,000 files',
        metric: 'setup: POST /files ×10,000',
        value: `${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
        notes: `${FOLDERS} folders of ${FILES / FOLDERS} files, through nginx`,
      },
    ];

    const toExplorer: number[] = [];
    const wall: number[] = [];
    const expandPlain: number[] = [];
    const expandDnd: number[] = [];
    let plainRows = 0;
    let dndRows = 0;
    const showAll: number[] = [];
    let allRows = 0;
    ctx.log(`explorer: ${RENDER_RUNS} cold visits of /dashboard (10,000 files)`);
    for (let run = 0; run < RENDER_RUNS; run++) {
      const page = await coldPage(ctx, user, [EXPLORER_PROBE, TIMING_HELPERS], { viewport: { width: 1400, height: 900 } });
      const started = performance.now();
      await page.goto('/dashboard', { waitUntil: 'commit' });
      await page.locator('[data-testid="explorer-folder"]').first().waitFor({ state: 'visible' });
      wall.push(performance.now() - started);
      const marks = await page.evaluate(() => (window as unknown as { __explorerMarks: Record<string, number> }).__explorerMarks);
      toExplorer.push(marks.folder!);

      // Collapsed at first: expanding renders the folder's first page of rows (plain lists).
      const plain = await expandTiming(page, 'folder-000');
      expandPlain.push(plain.ms);
      plainRows = plain.rows;

      // The same with drag and drop loaded (focus entering the explorer loads it).
      await page.locator('[data-testid="explorer-root"] button').first().focus();
      await page.locator('[data-testid="explorer-root"][data-dnd="ready"]').waitFor();
      const sortable = await expandTiming(page, 'folder-001');
      expandDnd.push(sortable.ms);
      dndRows = sortable.rows;

      if (run === 0 || RENDER_RUNS <= 3) {
        await expandTiming(page, 'folder-002');
        const all = await showAllTiming(page, 'folder-002');
        showAll.push(all.ms);
        allRows = all.rows;
      }
      await page.context().close();
    }

    rows.push(
      {
        bench: 'explorer, 10,000 files',
        metric: 'navigation → first folder row (median)',
        value: ms(median(toExplorer)),
        notes: `${spread(toExplorer)}; cold cache; GET /folders + GET /files (10,000 files) in parallel, folders collapsed`,
      },
      {
        bench: 'explorer, 10,000 files',
        metric: 'page.goto → folder row visible (median)',
        value: ms(median(wall)),
        notes: `${spread(wall)}; as Playwright sees it`,
      },
      {
        bench: 'explorer, 10,000 files',
        metric: 'expand a folder of 2,000 files (median)',
        value: ms(median(expandPlain)),
        notes: `${spread(expandPlain)}; click → ${plainRows} rows rendered and painted (long folders show 200 at a time)`,
      },
      {
        bench: 'explorer, 10,000 files',
        metric: '  same, drag and drop loaded (median)',
        value: ms(median(expandDnd)),
        notes: `${spread(expandDnd)}; ${dndRows} sortable rows (dnd-kit)`,
      },
    );
    if (showAll.length > 0) {
      rows.push({
        bench: 'explorer, 10,000 files',
        metric: '  "Show more" until all 2,000 rows',
        value: ms(median(showAll)),
        notes: `${spread(showAll)}; ${allRows} sortable rows in the end, each step until painted`,
      });
    }
    return rows;
  },
};
