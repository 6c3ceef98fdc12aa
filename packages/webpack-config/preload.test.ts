import { describe, expect, it } from '@jest/globals';
import { HtmlWebpackPlugin, withBuiltHost } from './host.harness';
import { EarlyPageRequestsPlugin, earlyPageRequestsScript, PreloadBootChunksPlugin } from './preload.js';

describe('PreloadBootChunksPlugin', () => {
  it("names the async boundary's chunks and the shared modules they consume as preloads after the entry, not what loads later", async () => {
    const plugins = [
      new PreloadBootChunksPlugin({ HtmlWebpackPlugin }),
      new EarlyPageRequestsPlugin({
        HtmlWebpackPlugin,
        pages: [{ path: '/later', entries: ['/mfe/later/remoteEntry.js'] }],
        early: { global: '__early', session: '/auth/session' },
      }),
    ];
    await withBuiltHost({ plugins }, (host) => {
      const html = host.read('index.html');
      const preloads = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]!);
      expect(html.indexOf('src="/main.js"')).toBeGreaterThan(-1);
      expect(html.indexOf('src="/main.js"')).toBeLessThan(html.indexOf('rel="preload"'));
      expect(preloads.some((href) => href.includes('bootstrap'))).toBe(true);
      expect(preloads.some((href) => href.includes('node_modules_react_'))).toBe(true);
      expect(preloads.some((href) => href.includes('later'))).toBe(false);
      expect(preloads).not.toContain('/main.js');
      // The remote entries' inline script: last in the head, after the boot chunks' preloads.
      const inline = html.indexOf('<script>(function(t,g,s)');
      expect(inline).toBeGreaterThan(html.lastIndexOf('rel="preload"'));
      expect(inline).toBeLessThan(html.indexOf('</head>'));
      expect(html).toContain('"/mfe/later/remoteEntry.js"');
      expect(html).toContain('"__early","/auth/session")</script>');
    });
  });
});

interface Early {
  session?: string;
  reads: Record<string, { at: number; response: string }>;
}

/** Runs the inline script at `pathname`: the links it adds to the head (in order), what it fetched and what it left on `window`. */
function runAt(source: string, pathname: string): { preloads: string[]; fetched: string[]; early: Early } {
  const added: Array<Record<string, string>> = [];
  const fetched: string[] = [];
  const document = { createElement: () => ({}), head: { appendChild: (link: Record<string, string>) => added.push(link) } };
  const fetch = (url: string, init: RequestInit) => {
    expect(init).toEqual({ headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    fetched.push(url);
    const answer = Promise.resolve(`answer of ${url}`);
    return Object.assign(answer, { catch: () => answer });
  };
  const window: Record<string, unknown> = {};
  new Function('location', 'document', 'window', 'fetch', 'performance', source)({ pathname }, document, window, fetch, { now: () => 12 });
  for (const link of added) expect(link).toEqual({ rel: 'preload', as: 'script', href: link.href });
  const early = window.__early as { session?: Promise<string>; reads: Record<string, { at: number; response: Promise<string> }> };
  return {
    preloads: added.map((link) => link.href!),
    fetched,
    early: {
      ...(early.session ? { session: 'sent' } : {}),
      reads: Object.fromEntries(Object.entries(early.reads).map(([path, read]) => [path, { at: read.at, response: 'sent' }])),
    },
  };
}

describe("the inline script: the page's first requests and remote entries, asked for by the HTML", () => {
  const DASHBOARD = '/mfe/dashboard/remoteEntry.js';
  const PEOPLE = '/mfe/people/remoteEntry.js';
  const PLANNING = '/mfe/planning/remoteEntry.js';
  const source = earlyPageRequestsScript(
    [
      { path: '/dashboard', entries: [DASHBOARD, PEOPLE] },
      { path: '/journal/:date', entries: [DASHBOARD] },
      { path: '/planning', entries: [PLANNING], reads: ['/planning/todos', '/planning/milestones'] },
      { path: '/planning/:tab', entries: [PLANNING], reads: ['/planning/todos', '/planning/milestones'] },
    ],
    { global: '__early', session: '/auth/session' },
  );
  const preloadsAt = (pathname: string) => runAt(source, pathname).preloads;

  it("preloads the page's entries, matched as the shell's remotePageAt matches (segments, params, any case)", () => {
    expect(preloadsAt('/dashboard')).toEqual([DASHBOARD, PEOPLE]);
    expect(preloadsAt('/Dashboard/')).toEqual([DASHBOARD, PEOPLE]);
    expect(preloadsAt('/journal/2026-11-27')).toEqual([DASHBOARD]);
    expect(preloadsAt('/planning')).toEqual([PLANNING]);
    expect(preloadsAt('/planning/action_plan')).toEqual([PLANNING]);
  });

  it('preloads nothing where no remote page matches', () => {
    for (const pathname of ['/', '/sign-in', '/journal', '/dashboard/x', '/planning/a/b', '/nowhere'])
      expect(preloadsAt(pathname)).toEqual([]);
  });

  it("sends the session probe on every page and the matched page's first reads, and leaves them for the entry chunk", () => {
    expect(runAt(source, '/planning/action_plan')).toEqual({
      preloads: [PLANNING],
      fetched: ['/auth/session', '/planning/todos', '/planning/milestones'],
      early: {
        session: 'sent',
        reads: { '/planning/todos': { at: 12, response: 'sent' }, '/planning/milestones': { at: 12, response: 'sent' } },
      },
    });
    expect(runAt(source, '/sign-in')).toEqual({ preloads: [], fetched: ['/auth/session'], early: { session: 'sent', reads: {} } });
    expect(runAt(source, '/dashboard').fetched).toEqual(['/auth/session']);
  });
});
