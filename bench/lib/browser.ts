import type { BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import type { BenchContext, BenchUser } from './types';

/** How many cold visits a render measure makes (BENCH_RENDER_RUNS). */
export const RENDER_RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 5);

/**
 * A new browser context signed in as `user`. It starts with an empty HTTP cache, so every visit
 * in it is a cold first visit. A desktop window unless `options` says otherwise.
 */
export async function signedInContext(
  ctx: BenchContext,
  user: BenchUser,
  options: BrowserContextOptions = { viewport: { width: 1440, height: 900 } },
): Promise<BrowserContext> {
  const browser = await ctx.browser();
  const context = await browser.newContext({ baseURL: ctx.baseURL, ...options });
  await context.addCookies([{ name: user.cookieName, value: user.cookieValue, url: ctx.baseURL }]);
  return context;
}

/**
 * A page in a new signed-in context, with in-page probes (plain source, see the modules) run
 * before the page's own scripts. Close it with `page.context().close()`.
 */
export async function coldPage(ctx: BenchContext, user: BenchUser, probes: string[] = [], options?: BrowserContextOptions): Promise<Page> {
  const context = await signedInContext(ctx, user, options);
  for (const content of probes) await context.addInitScript({ content });
  return context.newPage();
}

/** The scripts the page loads from now on. */
export function watchScripts(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || /javascript/.test(response.headers()['content-type'] ?? '')) scripts.push(response);
  });
  return scripts;
}
