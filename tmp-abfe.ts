// Interleaved A/B of two shell builds on one running stack (8090): cold /dashboard visits.
import { chromium } from 'playwright-core';
import { execSync } from 'node:child_process';
import { signUp } from './bench/lib/auth';
const base = 'http://127.0.0.1:8090';
const variants = (process.env.VARIANTS ?? 'A:/tmp/shellA,B:/tmp/shellB').split(',').map((v) => v.split(':') as [string, string]);
const N = Number(process.env.N ?? 20);
const path = process.env.PAGE ?? '/dashboard';
const marksIds = (process.env.MARKS ?? 'dashboard-root,aboutme-root').split(',');
const PROBE = `(() => { const marks = {}; window.__benchMarks = marks; const ids = ${JSON.stringify(marksIds)};
  const check = () => { for (const id of ids) { if (marks[id]) continue; const el = document.querySelector('[data-testid="' + id + '"]'); if (!el) continue; const b = el.getBoundingClientRect(); if (b.width > 0 && b.height > 0) marks[id] = performance.now(); } };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true }); })();`;
const user = await signUp(base, 'abfe');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'] });
const res: Record<string, Record<string, number[]>> = {};
for (const [name] of variants) res[name] = Object.fromEntries(marksIds.map((m) => [m, []]));
for (let i = 0; i < N + 1; i++) {
  const order = i % 2 ? [...variants].reverse() : variants;
  for (const [name, dir] of order) {
    execSync(`ln -sfn ${dir} /work/main/shell/dist`);
    const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    await ctx.addCookies([{ name: user.cookieName, value: user.cookieValue, url: base }]);
    await ctx.addInitScript({ content: PROBE });
    const page = await ctx.newPage();
    await page.goto(path, { waitUntil: 'commit' });
    for (const m of marksIds) await page.locator(`[data-testid="${m}"]`).first().waitFor({ state: 'visible' });
    const marks = await page.evaluate(() => (window as any).__benchMarks);
    if (i > 0) for (const m of marksIds) res[name]![m]!.push(marks[m]);
    await ctx.close();
  }
}
await browser.close();
const med = (v: number[]) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };
for (const m of marksIds) {
  const line = variants.map(([n]) => `${n} median ${med(res[n]![m]!).toFixed(0)} mean ${(res[n]![m]!.reduce((a, b) => a + b) / N).toFixed(0)}`).join(' | ');
  const [a, b] = variants.map(([n]) => res[n]![m]!);
  const wins = a!.filter((x, i) => b![i]! < x).length;
  console.log(`${m}: ${line} | B faster in ${wins}/${N} pairs`);
}
