import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PreloadBootChunksPlugin, PreloadRemoteEntriesPlugin, remoteEntryPreloadScript } from './preload.js';

const require = createRequire(import.meta.url);
const webpack = require('webpack') as typeof import('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A host like the shell: an entry behind an async boundary, React shared, a chunk loaded later. */
function build(dir: string): Promise<void> {
  writeFileSync(path.join(dir, 'index.js'), "import('./bootstrap');\n");
  writeFileSync(
    path.join(dir, 'bootstrap.js'),
    "import { createElement } from 'react';\nexport const later = () => import('./later');\ncreateElement('p');\n",
  );
  writeFileSync(path.join(dir, 'later.js'), 'export const later = 1;\n');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const compiler = webpack({
    context: dir,
    mode: 'production',
    entry: { main: './index.js' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      filename: '[name].js',
      chunkFilename: '[name].[id].js',
      uniqueName: 'preload_test',
    },
    resolve: { modules: [path.join(root, 'node_modules')] },
    optimization: { minimize: false, chunkIds: 'named' },
    plugins: [
      new ModuleFederationPlugin({
        name: 'host',
        shared: { react: { singleton: true, requiredVersion: false } },
        dts: false,
        manifest: false,
      }),
      new HtmlWebpackPlugin({ template: './index.html', scriptLoading: 'defer' }),
      new PreloadBootChunksPlugin({ HtmlWebpackPlugin }),
      new PreloadRemoteEntriesPlugin({ HtmlWebpackPlugin, pages: [{ path: '/later', entries: ['/mfe/later/remoteEntry.js'] }] }),
    ],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    }),
  );
}

describe('PreloadBootChunksPlugin', () => {
  it("names the async boundary's chunks and the shared modules they consume as preloads after the entry, not what loads later", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'preload-'));
    try {
      await build(dir);
      const html = readFileSync(path.join(dir, 'dist', 'index.html'), 'utf8');
      const preloads = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]!);
      expect(html.indexOf('src="/main.js"')).toBeGreaterThan(-1);
      expect(html.indexOf('src="/main.js"')).toBeLessThan(html.indexOf('rel="preload"'));
      expect(preloads.some((href) => href.includes('bootstrap'))).toBe(true);
      expect(preloads.some((href) => href.includes('node_modules_react_'))).toBe(true);
      expect(preloads.some((href) => href.includes('later'))).toBe(false);
      expect(preloads).not.toContain('/main.js');
      // The remote entries' inline script: last in the head, after the boot chunks' preloads.
      const inline = html.indexOf('<script>(function(t)');
      expect(inline).toBeGreaterThan(html.lastIndexOf('rel="preload"'));
      expect(inline).toBeLessThan(html.indexOf('</head>'));
      expect(html).toContain('"/mfe/later/remoteEntry.js"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** What the inline script preloads at `pathname`: the links it adds to the head, in order. */
function preloadsAt(source: string, pathname: string): string[] {
  const added: Array<Record<string, string>> = [];
  const document = { createElement: () => ({}), head: { appendChild: (link: Record<string, string>) => added.push(link) } };
  new Function('location', 'document', source)({ pathname }, document);
  for (const link of added) expect(link).toEqual({ rel: 'preload', as: 'script', href: link.href });
  return added.map((link) => link.href!);
}

describe('the remote entries preloaded by the inline script', () => {
  const DASHBOARD = '/mfe/dashboard/remoteEntry.js';
  const PEOPLE = '/mfe/people/remoteEntry.js';
  const PLANNING = '/mfe/planning/remoteEntry.js';
  const source = remoteEntryPreloadScript([
    { path: '/dashboard', entries: [DASHBOARD, PEOPLE] },
    { path: '/journal/:date', entries: [DASHBOARD] },
    { path: '/planning', entries: [PLANNING] },
    { path: '/planning/:tab', entries: [PLANNING] },
  ]);

  it("preloads the page's entries, matched as the shell's remotePageAt matches (segments, params, any case)", () => {
    expect(preloadsAt(source, '/dashboard')).toEqual([DASHBOARD, PEOPLE]);
    expect(preloadsAt(source, '/Dashboard/')).toEqual([DASHBOARD, PEOPLE]);
    expect(preloadsAt(source, '/journal/2026-11-27')).toEqual([DASHBOARD]);
    expect(preloadsAt(source, '/planning')).toEqual([PLANNING]);
    expect(preloadsAt(source, '/planning/action_plan')).toEqual([PLANNING]);
  });

  it('preloads nothing where no remote page matches', () => {
    for (const pathname of ['/', '/sign-in', '/journal', '/dashboard/x', '/planning/a/b', '/nowhere'])
      expect(preloadsAt(source, pathname)).toEqual([]);
  });
});
