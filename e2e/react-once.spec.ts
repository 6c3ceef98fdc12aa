import { expect, test } from '@playwright/test';
import { closePurpose } from './support/coaching';
import { mainNav, remoteRoot, signUpApi, trackRemoteLoads } from './support/helpers';

declare global {
  interface Window {
    __reactRenderers?: string[];
    __FEDERATION__?: {
      __SHARE__?: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from?: string; lib?: unknown }>>>>;
    };
  }
}

/**
 * Strings that mark react-dom code in a bundle: the client renderer (createRoot, the fiber
 * reconciler) keys DOM nodes with `__reactFiber$<random>`; react-dom's entry (and the renderer)
 * look for the DevTools hook.
 */
const RENDERER_MARKER = '__reactFiber$';
const REACT_DOM_MARKER = '__REACT_DEVTOOLS_GLOBAL_HOOK__';

test('React, react-dom and the router are loaded once, from the shell, for every remote', async ({ page }) => {
  // A stand-in React DevTools hook: every copy of react-dom that starts calls inject() once.
  await page.addInitScript(() => {
    const renderers: string[] = [];
    window.__reactRenderers = renderers;
    let id = 0;
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject(internals: { version?: string; rendererPackageName?: string }) {
        renderers.push(`${internals.rendererPackageName ?? 'react-dom'}@${internals.version ?? '?'}`);
        id += 1;
        return id;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      setStrictMode() {},
    };
  });
  const loads = trackRemoteLoads(page);
  const scripts: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    try {
      scripts.push({ url: new URL(response.url()).pathname, body: (await response.body()).toString('utf8') });
    } catch {
      /* the page navigated away before the body was read */
    }
  });

  await signUpApi(page.request);
  await page.goto('/dashboard');
  await expect(remoteRoot(page, 'dashboard-root')).toBeVisible();
  await expect(remoteRoot(page, 'aboutme-root')).toBeVisible();
  for (const [link, root] of [
    ['Planning', 'planning-root'],
    ['Coaching', 'coaching-root'],
    ['People', 'people-root'],
    ['Journal', 'journal-root'],
  ] as const) {
    await mainNav(page).getByRole('link', { name: link, exact: true }).click();
    await expect(remoteRoot(page, root)).toBeVisible();
    // A check-in visit opens its purpose dialog (docs/coaching.md#check-ins), which a user closes before going on.
    if (root === 'coaching-root') await closePurpose(page);
  }
  expect([...loads.entries.keys()].sort()).toEqual(['coaching', 'dashboard', 'people', 'planning']);

  await test.step('one react-dom renderer registered', async () => {
    const renderers = await page.evaluate(() => window.__reactRenderers ?? []);
    expect(renderers).toHaveLength(1);
  });

  await test.step('no script under /mfe/ carries its own react-dom', async () => {
    await page.waitForLoadState('networkidle');
    const mfe = scripts.filter((s) => s.url.startsWith('/mfe/'));
    expect(mfe.length, 'scripts loaded from the remotes').toBeGreaterThan(0);
    const remoteCopies = mfe.filter((s) => s.body.includes(RENDERER_MARKER) || s.body.includes(REACT_DOM_MARKER)).map((s) => s.url);
    expect(remoteCopies, 'remote bundles containing react-dom code').toEqual([]);
    expect(
      mfe.filter((s) => /react[-_]dom/.test(s.url)).map((s) => s.url),
      'react-dom chunks requested under /mfe/',
    ).toEqual([]);
    const renderers = scripts.filter((s) => s.body.includes(RENDERER_MARKER)).map((s) => s.url);
    expect(renderers, 'bundles with the react-dom client renderer').toHaveLength(1);
    expect(renderers[0]!.startsWith('/mfe/')).toBe(false);
  });

  await test.step('the federation share scope has one loaded version of react, react-dom and the router, from the shell', async () => {
    const shared = await page.evaluate(() => {
      const found: Record<string, { version: string; from?: string }[]> = {};
      const share = window.__FEDERATION__?.__SHARE__ ?? {};
      for (const scopes of Object.values(share)) {
        for (const packages of Object.values(scopes ?? {})) {
          for (const name of ['react', 'react-dom', '@cc/ui/router']) {
            for (const [version, info] of Object.entries(packages?.[name] ?? {})) {
              if (!info?.loaded && !info?.lib) continue;
              const list = (found[name] ??= []);
              if (!list.some((v) => v.version === version && v.from === info.from)) list.push({ version, from: info.from });
            }
          }
        }
      }
      return found;
    });
    expect(shared['react'], JSON.stringify(shared)).toHaveLength(1);
    expect(shared['react-dom'], JSON.stringify(shared)).toHaveLength(1);
    expect(shared['react']![0]!.from).toBe('shell');
    expect(shared['react-dom']![0]!.from).toBe('shell');
    // One router, so a remote's <Link> and useParams read the shell's router context.
    expect(shared['@cc/ui/router'], JSON.stringify(shared)).toHaveLength(1);
    expect(shared['@cc/ui/router']![0]!.from).toBe('shell');
  });
});
