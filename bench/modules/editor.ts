// The editor bench: typing in a 1 MB markdown file in the dashboard's file workspace
// (CodeMirror + editable preview + autosave), in Debian's Chromium through the gateway.
//
// Per keystroke (Playwright `keyboard.type`, one character at a time, 20 ms apart), measured
// in the page from the keydown event (a capturing listener on window, the first to run):
// - "handled": until the input was processed, plus a forced style + layout of the editor:
//   the main-thread work a keystroke costs (the ≤ 16 ms budget);
// - "to next frame": until after the next frame's rendering (rAF, then a task), which also
//   includes waiting for the frame (up to one 16.7 ms vsync interval).
// Also: Event Timing entries of key events over 16 ms (input to next paint), long tasks, the
// preview's own update times (User Timing `cc:preview-update`), the longest gap between frames
// while typing in bursts (so the debounced preview refresh and the autosave run in between),
// and the time to open the file. A 1 KB file gives the baseline.
import type { Page } from 'playwright-core';
import { coldPage } from '../lib/browser';
import { max, median, ms } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';

const KEYSTROKES = Number(process.env.BENCH_EDITOR_KEYS ?? 200);
const KEY_DELAY_MS = Number(process.env.BENCH_EDITOR_KEY_DELAY ?? 20);
const TARGET_BYTES = 1_000_000;

/** A realistic 1 MB markdown file: headings, paragraphs, lists, code, tables, links. */
export function bigMarkdown(bytes = TARGET_BYTES): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const block =
      `## Section ${i}: project notes\n\n` +
      `In week ${i % 52} the team shipped **feature ${i}** after a review with [the design doc](https://example.com/docs/${i}). ` +
      `It reduced p95 latency by ${i % 40} ms and removed *two* manual steps from the release.\n` +
      `A second line in the same paragraph keeps a hard break (breaks: true).\n\n` +
      `- Situation: the queue backed up every ${(i % 7) + 1} days\n- Task: keep the SLA at 99.9%\n- Action: added back-pressure and \`retry_after\`\n- Result: zero incidents in ${(i % 12) + 1} months\n\n` +
      (i % 5 === 0
        ? '```ts\nexport function retryAfter(attempt: number): number {\n  return Math.min(30_000, 1000 * 2 ** attempt);\n}\n```\n\n'
        : '') +
      (i % 7 === 0 ? '| Metric | Before | After |\n| --- | --- | --- |\n| p95 | 180 ms | 120 ms |\n| errors | 0.4% | 0.1% |\n\n' : '') +
      `> Lesson ${i}: measure first, then change one thing at a time.\n\n`;
    parts.push(block);
    size += block.length;
  }
  return parts.join('');
}

async function createFile(baseURL: string, user: BenchUser, folder: string, name: string, content: string): Promise<number> {
  const res = await fetch(`${baseURL}/files`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'x-csrf-token': user.csrfToken, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ file: { name, folder, description: 'editor bench', content } }),
  });
  if (res.status !== 201) throw new Error(`POST /files answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return ((await res.json()) as { file: { id: number } }).file.id;
}

/** In-page probes: per-keystroke timings, event timing, long tasks, frame gaps. */
const PROBE = `(() => {
  const state = { keys: [], events: [], longtasks: [], gaps: [], watching: false };
  window.__editorBench = state;
  window.addEventListener('keydown', (event) => {
    if (!state.watching) return;
    const start = performance.now();
    const key = { handled: 0, frame: 0 };
    state.keys.push(key);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const content = document.querySelector('.cm-content');
      if (content) content.getBoundingClientRect();
      key.handled = performance.now() - start;
      requestAnimationFrame(() => {
        const after = new MessageChannel();
        after.port1.onmessage = () => { key.frame = performance.now() - start; };
        after.port2.postMessage(0);
      });
    };
    channel.port2.postMessage(0);
  }, true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (state.watching && /^key|^input|^beforeinput/.test(e.name)) state.events.push({ name: e.name, start: e.startTime, duration: e.duration, processing: e.processingEnd - e.processingStart });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (state.watching) state.longtasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
  } catch {}
  let last = 0;
  const tick = (t) => {
    if (state.watching && last) state.gaps.push(t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface Probe {
  keys: { handled: number; frame: number }[];
  events: { name: string; start: number; duration: number; processing: number }[];
  longtasks: number[];
  gaps: number[];
  watching: boolean;
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const fmt = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');

async function openFile(page: Page, folder: string, id: number): Promise<{ editor: number; preview: number }> {
  await page.goto('/dashboard');
  const folderRow = page.locator(`[data-testid="explorer-folder"][data-folder-name="${folder}"]`);
  const toggle = folderRow.locator('.folder-toggle');
  const row = folderRow.locator(`[data-testid="explorer-file"][data-file-id="${id}"] .file-open`);
  await toggle.waitFor({ state: 'visible' });
  // Expand the folder (the explorer may still be settling: check again until the row shows).
  for (let attempt = 0; attempt < 10 && !(await row.isVisible()); attempt++) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await row.waitFor({ state: 'visible', timeout: 2000 }).catch(() => undefined);
  }
  await row.waitFor({ state: 'visible' });
  const clicked = await page.evaluate(() => performance.now());
  await row.click();
  await page.locator('[data-testid="markdown-editor"][data-ready="true"]').waitFor({ timeout: 60_000 });
  const editor = (await page.evaluate(() => performance.now())) - clicked;
  // The preview renders in slices; it is complete when no slice ran for a while.
  await page.waitForFunction(
    () => {
      const entries = performance.getEntriesByName('cc:preview-slice').concat(performance.getEntriesByName('cc:preview-update'));
      const lastEnd = Math.max(0, ...entries.map((e) => e.startTime + e.duration));
      return entries.length > 0 && performance.now() - lastEnd > 500;
    },
    null,
    { timeout: 120_000, polling: 100 },
  );
  const preview =
    (await page.evaluate(() => {
      const entries = performance.getEntriesByName('cc:preview-slice').concat(performance.getEntriesByName('cc:preview-update'));
      return Math.max(...entries.map((e) => e.startTime + e.duration));
    })) - clicked;
  return { editor, preview };
}

async function typeAndMeasure(page: Page, text: string, delay: number): Promise<Probe> {
  // Cursor into the first paragraph (everything after it shifts with each keystroke).
  await page.locator('.cm-content .cm-line').nth(2).click();
  await page.keyboard.press('End');
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    const s = (window as unknown as { __editorBench: Probe }).__editorBench;
    s.keys = [];
    s.events = [];
    s.longtasks = [];
    s.gaps = [];
    s.watching = true;
  });
  await page.keyboard.type(text, { delay });
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const s = (window as unknown as { __editorBench: Probe }).__editorBench;
    s.watching = false;
    return JSON.parse(JSON.stringify(s)) as Probe;
  });
}

async function bursts(page: Page): Promise<{ gaps: number[]; longtasks: number[]; previews: number[]; saved: boolean }> {
  await page.evaluate(() => {
    performance.clearMeasures('cc:preview-update');
    const s = (window as unknown as { __editorBench: Probe }).__editorBench;
    s.gaps = [];
    s.longtasks = [];
    s.watching = true;
  });
  for (let i = 0; i < 5; i++) {
    await page.keyboard.type(` burst ${i}`, { delay: 25 });
    // Long enough for the preview refresh (400 ms) and the autosave (1 s) to run.
    await page.waitForTimeout(1300);
  }
  return page.evaluate(() => {
    const s = (window as unknown as { __editorBench: Probe }).__editorBench;
    s.watching = false;
    const previews = performance.getEntriesByName('cc:preview-update').map((e) => e.duration);
    return {
      gaps: s.gaps,
      longtasks: s.longtasks,
      previews,
      saved: document.querySelector('[data-testid="save-status"]')?.textContent === 'Saved',
    };
  });
}

async function run(ctx: BenchContext, label: string, content: string, keys: number): Promise<Row[]> {
  const user = await ctx.newUser('editor');
  const id = await createFile(ctx.baseURL, user, 'bench', `${label}.md`, content);
  const page = await coldPage(ctx, user, [PROBE]);
  try {
    const open = await openFile(page, 'bench', id);
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(keys / 45)).slice(0, keys);
    const probe = await typeAndMeasure(page, text, KEY_DELAY_MS);
    const handled = probe.keys.map((k) => k.handled).filter((v) => v > 0);
    const frame = probe.keys.map((k) => k.frame).filter((v) => v > 0);
    const over = handled.filter((v) => v > 16).length;
    const keyEvents = probe.events.filter((e) => e.name === 'keydown' || e.name === 'keypress');
    // Event Timing, per keystroke: the handlers' processing time of its key and input events.
    const downs = probe.events.filter((e) => e.name === 'keydown').sort((a, b) => a.start - b.start);
    const processing = downs.map((d, i) => {
      const until = downs[i + 1]?.start ?? Number.POSITIVE_INFINITY;
      return probe.events.filter((e) => e.start >= d.start && e.start < until).reduce((sum, e) => sum + e.processing, 0);
    });
    const burst = await bursts(page);
    const bench = `editor: typing, ${label}`;
    const size = `${(content.length / 1e6).toFixed(2)} MB`;
    return [
      { bench, metric: 'open: click → editor ready', value: ms(open.editor), notes: `${size}; CodeMirror chunk + GET /files/{id}` },
      {
        bench,
        metric: 'open: click → preview complete',
        value: ms(open.preview),
        notes: 'rendered in ≤ 8 ms slices (typing is possible meanwhile)',
      },
      {
        bench,
        metric: 'keystroke handled (median)',
        value: fmt(median(handled)),
        notes: `${handled.length} keys, ${KEY_DELAY_MS} ms apart; keydown → input processed + forced layout`,
      },
      {
        bench,
        metric: 'keystroke handled (p95)',
        value: fmt(percentile(handled, 95)),
        notes: `max ${fmt(max(handled))}; ${over} of ${handled.length} over 16 ms`,
      },
      {
        bench,
        metric: 'keystroke → next frame (median)',
        value: fmt(median(frame)),
        notes: `p95 ${fmt(percentile(frame, 95))}; includes waiting for the frame (≤ 16.7 ms)`,
      },
      {
        bench,
        metric: 'Event Timing: handlers per key (median)',
        value: fmt(median(processing)),
        notes: `p95 ${fmt(percentile(processing, 95))}; processingEnd − processingStart of key + input events, ${processing.length} keys reported (only events whose input-to-paint ≥ 16 ms are)`,
      },
      {
        bench,
        metric: 'Event Timing: key events > 16 ms',
        value: String(keyEvents.length),
        notes: keyEvents.length
          ? `max ${fmt(max(keyEvents.map((e) => e.duration)))} (input to next paint, 8 ms granularity)`
          : 'none reported',
      },
      {
        bench,
        metric: 'long tasks while typing',
        value: String(probe.longtasks.length),
        notes: probe.longtasks.length ? `max ${fmt(max(probe.longtasks))}` : '≥ 50 ms tasks',
      },
      {
        bench,
        metric: 'bursts: preview refresh (median)',
        value: fmt(median(burst.previews)),
        notes: `max ${fmt(max(burst.previews))} over ${burst.previews.length} refreshes (only changed blocks re-render)`,
      },
      {
        bench,
        metric: 'bursts: longest frame gap',
        value: fmt(max(burst.gaps)),
        notes: `5 bursts with pauses (preview refresh + autosave in between); long tasks: ${burst.longtasks.length}${burst.longtasks.length ? `, max ${fmt(max(burst.longtasks))}` : ''}; saved: ${burst.saved ? 'yes' : 'no'}`,
      },
    ];
  } finally {
    await page.context().close();
  }
}

export const editor: BenchModule = {
  name: 'editor',
  description: 'Per-keystroke cost of typing in a 1 MB markdown file in the dashboard editor (Chromium), beside a 1 KB file',
  async run(ctx) {
    ctx.log('editor: 1 MB file');
    const big = await run(ctx, 'big-1mb', bigMarkdown(), KEYSTROKES);
    ctx.log('editor: 1 KB file (baseline)');
    const small = await run(ctx, 'small-1kb', bigMarkdown(1000), Math.min(KEYSTROKES, 100));
    return [...big, ...small];
  },
};
