import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions } from 'playwright-core';
import { coldPage } from './browser';
import { median, ms, spread } from './stats';
import type { BenchContext, BenchUser, Row } from './types';

/**
 * The floor of a page's cold render: a bare React 19 page rendering one element
 * (bench/reference-page/), built by the same webpack rules, minifier and HTML template as the
 * shell and served by the same nginx, gzip and cache headers included. It is built into a folder
 * of the shell's dist at bench time (after the stack's own build, which would clean it) and
 * removed when the bench ends, so no route exists for it in the gateway's config: nginx serves
 * the shell's dist for every path it does not route, and a page navigation under /mfe/ is not
 * turned into the shell's index.html.
 */
export const REFERENCE_PATH = '/mfe/bench-reference/';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = path.join(root, 'shell', 'dist', 'mfe', 'bench-reference');

let built: Promise<boolean> | undefined;

/** Builds the page once per bench run; false (with a log line) when the stack does not serve it. */
export function ensureReferencePage(ctx: BenchContext): Promise<boolean> {
  built ??= (async () => {
    if (!existsSync(path.join(root, 'shell', 'dist'))) {
      ctx.log('reference page: shell/dist is missing (no build here); reference rows left out');
      return false;
    }
    const webpack = path.join(root, 'node_modules', 'webpack', 'bin', 'webpack.js');
    const config = path.join(root, 'bench', 'reference-page', 'webpack.config.js');
    const result = spawnSync(process.execPath, [webpack, '--mode', 'production', '-c', config], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`building the reference page failed:\n${result.stdout}\n${result.stderr}`);
    process.once('exit', () => {
      rmSync(outDir, { recursive: true, force: true });
      // The folder it made for it too, when nothing else is there.
      if (existsSync(path.dirname(outDir)) && readdirSync(path.dirname(outDir)).length === 0) rmdirSync(path.dirname(outDir));
    });
    // A stack met by --base-url may serve another dist: then there is no floor to compare with.
    const answer = await fetch(new URL(REFERENCE_PATH, ctx.baseURL), { headers: { accept: 'text/html' } });
    const served = answer.ok && (await answer.text()).includes('/mfe/bench-reference/main.');
    if (!served) ctx.log(`reference page: ${ctx.baseURL} does not serve this checkout's shell/dist; reference rows left out`);
    return served;
  })();
  return built;
}

/** Marks when the reference element first has a box (performance.now(): from navigation start). */
const PROBE = `(() => {
  const check = () => {
    if (window.__referenceAt) return;
    const el = document.querySelector('[data-testid="reference-root"]');
    if (el && el.getBoundingClientRect().height > 0) window.__referenceAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
})();`;

/** One cold visit of the reference page (a fresh signed-in context and the window the page it is compared with gets): navigation → its element rendered. */
export async function referenceRun(ctx: BenchContext, user: BenchUser, options?: BrowserContextOptions): Promise<number> {
  const page = await coldPage(ctx, user, [PROBE], options);
  try {
    await page.goto(REFERENCE_PATH, { waitUntil: 'commit' });
    await page.waitForFunction(() => typeof (window as unknown as { __referenceAt?: number }).__referenceAt === 'number');
    return await page.evaluate(() => (window as unknown as { __referenceAt: number }).__referenceAt);
  } finally {
    await page.context().close();
  }
}

/** The reference page's row in a module's table (its runs interleaved with the module's pages). */
export function referenceRow(bench: string, runs: number[]): Row {
  return {
    bench,
    metric: 'reference page: navigation → element (median)',
    value: runs.length ? ms(median(runs)) : 'n/a',
    notes: runs.length
      ? `${spread(runs)}; bare React 19 page, same webpack config and nginx (bench/reference-page/), cold, measured between this module's page runs`
      : 'not served by this stack (see bench/README.md)',
  };
}

/** A page's cold render against the reference page of the same run, e.g. "1.24 ×". */
export function ratioRow(bench: string, metric: string, page: number[], reference: number[], goal?: string): Row {
  const value = reference.length && page.length ? `${(median(page) / median(reference)).toFixed(2)} ×` : 'n/a';
  return { bench, metric: `  ${metric} ÷ reference page`, value, notes: goal ?? '' };
}
