import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions } from 'playwright-core';
import { coldPage } from './browser';
import { median, ms, spread } from './stats';
import type { BenchContext, BenchUser, Row } from './types';

/**
 * The floors of a page's cold render, built into folders of the shell's dist at bench time (after
 * the stack's own build, which would clean them) and removed when the bench ends. nginx serves the
 * shell's dist for every path it does not route, and does not turn a page navigation under /mfe/
 * into the shell's page, so the gateway's config has no route for them.
 * - `plain` (bench/reference-page/): a bare React 19 page rendering one element, built by the same
 *   webpack rules, minifier and HTML template as the shell and served by the same nginx, gzip and
 *   cache headers included. The goal's floor.
 * - `federated` (bench/reference-federated/): the same element from a remote's exposed module,
 *   loaded by a host built with the shell's federation settings (runtime, shared singletons,
 *   async boundary, the remote's entry preloaded). What the architecture costs before a page's
 *   own code: the part of a ratio no page can remove.
 */
export type ReferenceKind = 'plain' | 'federated';

export const REFERENCE_PATHS: Record<ReferenceKind, string> = {
  plain: '/mfe/bench-reference/',
  federated: '/mfe/bench-federated/host/',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const mfeDir = path.join(root, 'shell', 'dist', 'mfe');
const builds = [
  { config: path.join(root, 'bench', 'reference-page', 'webpack.config.js'), out: path.join(mfeDir, 'bench-reference') },
  { config: path.join(root, 'bench', 'reference-federated', 'webpack.config.js'), out: path.join(mfeDir, 'bench-federated') },
];

let built: Promise<boolean> | undefined;

/** Builds the pages once per bench run; false (with a log line) when the stack does not serve them. */
export function ensureReferencePage(ctx: BenchContext): Promise<boolean> {
  built ??= (async () => {
    if (!existsSync(path.join(root, 'shell', 'dist'))) {
      ctx.log('reference pages: shell/dist is missing (no build here); reference rows left out');
      return false;
    }
    const webpack = path.join(root, 'node_modules', 'webpack', 'bin', 'webpack.js');
    process.once('exit', () => {
      for (const { out } of builds) rmSync(out, { recursive: true, force: true });
      // The folder made for them too, when nothing else is there.
      if (existsSync(mfeDir) && readdirSync(mfeDir).length === 0) rmdirSync(mfeDir);
    });
    for (const { config } of builds) {
      const result = spawnSync(process.execPath, [webpack, '--mode', 'production', '-c', config], { cwd: root, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`building ${path.relative(root, config)} failed:\n${result.stdout}\n${result.stderr}`);
    }
    // A stack met by --base-url may serve another dist: then there is no floor to compare with.
    const answer = await fetch(new URL(REFERENCE_PATHS.plain, ctx.baseURL), { headers: { accept: 'text/html' } });
    const served = answer.ok && (await answer.text()).includes(`${REFERENCE_PATHS.plain}main.`);
    if (!served) ctx.log(`reference pages: ${ctx.baseURL} does not serve this checkout's shell/dist; reference rows left out`);
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

/** One cold visit of a reference page (a fresh signed-in context and the window the page it is compared with gets): navigation → its element rendered. */
export async function referenceRun(
  ctx: BenchContext,
  user: BenchUser,
  options?: BrowserContextOptions,
  kind: ReferenceKind = 'plain',
): Promise<number> {
  const page = await coldPage(ctx, user, [PROBE], options);
  try {
    await page.goto(REFERENCE_PATHS[kind], { waitUntil: 'commit' });
    await page.waitForFunction(() => typeof (window as unknown as { __referenceAt?: number }).__referenceAt === 'number');
    return await page.evaluate(() => (window as unknown as { __referenceAt: number }).__referenceAt);
  } finally {
    await page.context().close();
  }
}

const KIND_NOTES: Record<ReferenceKind, string> = {
  plain: 'bare React 19 page, same webpack config and nginx (bench/reference-page/)',
  federated: "the same element from a remote, loaded by a host with the shell's federation settings (bench/reference-federated/)",
};

/** Both reference pages, one cold visit each, just before a page visit of a module (so all see the machine alike). */
export interface ReferenceRuns {
  plain: number[];
  federated: number[];
}

export const noReferenceRuns = (): ReferenceRuns => ({ plain: [], federated: [] });

export async function referenceRuns(
  ctx: BenchContext,
  user: BenchUser,
  into: ReferenceRuns,
  options?: BrowserContextOptions,
): Promise<void> {
  into.plain.push(await referenceRun(ctx, user, options, 'plain'));
  into.federated.push(await referenceRun(ctx, user, options, 'federated'));
}

/** A reference page's row in a module's table (its runs interleaved with the module's pages). */
export function referenceRow(bench: string, runs: number[], kind: ReferenceKind = 'plain'): Row {
  return {
    bench,
    metric: `${kind === 'plain' ? 'reference page' : 'federated reference page'}: navigation → element (median)`,
    value: runs.length ? ms(median(runs)) : 'n/a',
    notes: runs.length
      ? `${spread(runs)}; ${KIND_NOTES[kind]}, cold, measured between this module's page runs`
      : 'not served by this stack (see bench/README.md)',
  };
}

/** The two reference rows and the federated page's ratio to the plain one (the architecture's share of any page's ratio). */
export function referenceRows(bench: string, runs: ReferenceRuns): Row[] {
  return [
    referenceRow(bench, runs.plain, 'plain'),
    referenceRow(bench, runs.federated, 'federated'),
    ratioRow(bench, 'federated reference page', runs.federated, runs.plain, "the architecture's floor of every ratio below"),
  ];
}

/** A page's cold render against a reference page of the same run, e.g. "1.24 ×"; `notes`: its goal, or what it says. */
export function ratioRow(bench: string, metric: string, page: number[], reference: number[], notes = '', of = 'reference page'): Row {
  const value = reference.length && page.length ? `${(median(page) / median(reference)).toFixed(2)} ×` : 'n/a';
  return { bench, metric: `  ${metric} ÷ ${of}`, value, notes };
}
