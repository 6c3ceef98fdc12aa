import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PreloadBootChunksPlugin } from './preload.js';

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
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
