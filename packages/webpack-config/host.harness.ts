// A small federation host like the shell, built by real webpack into a temp folder, for the
// plugin tests of this package.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Configuration } from 'webpack';
import { minimizers } from './build.js';

const require = createRequire(import.meta.url);
const webpack = require('webpack') as typeof import('webpack');
export const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BuiltHost {
  /** A file of the build's output folder, as text. */
  read(file: string): string;
  files(): string[];
}

/**
 * A host like the shell (an entry behind an async boundary, React shared, a chunk loaded later),
 * which is also a container exposing one module (a remote's remoteEntry.js), built with `plugins`
 * beside its federation and HTML plugins. Chunks keep their names (bootstrap, later, ...).
 */
export async function withBuiltHost(
  options: { plugins: NonNullable<Configuration['plugins']>; minimize?: boolean },
  check: (host: BuiltHost) => void,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'webpack-host-'));
  try {
    writeFileSync(path.join(dir, 'index.js'), "import('./bootstrap');\n");
    writeFileSync(
      path.join(dir, 'bootstrap.js'),
      "import { createElement } from 'react';\nexport const later = () => import('./later');\ncreateElement('p');\n",
    );
    writeFileSync(path.join(dir, 'later.js'), 'export const later = () => 1;\n');
    writeFileSync(path.join(dir, 'exposed.js'), 'export const exposed = () => 2;\n');
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
        uniqueName: 'host_test',
      },
      resolve: { modules: [path.join(root, 'node_modules')] },
      // With `minimize`, the apps' own minifier (build.js).
      optimization: { minimize: options.minimize ?? false, minimizer: minimizers(), chunkIds: 'named' },
      plugins: [
        new ModuleFederationPlugin({
          name: 'host',
          filename: 'remoteEntry.js',
          exposes: { './Exposed': './exposed.js' },
          shared: { react: { singleton: true, requiredVersion: false } },
          dts: false,
          manifest: false,
        }),
        new HtmlWebpackPlugin({ template: './index.html', scriptLoading: 'defer' }),
        ...options.plugins,
      ],
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
        else resolve();
      }),
    );
    const out = path.join(dir, 'dist');
    check({
      read: (file) => readFileSync(path.join(out, file), 'utf8'),
      files: () => readdirSync(out),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
