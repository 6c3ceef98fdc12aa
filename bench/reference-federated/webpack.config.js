// The bench's federated reference page (bench/lib/reference-page.ts builds it at bench time): the
// floor of a page under this architecture. A host and a remote built with the shell's federation
// settings (@module-federation/enhanced, the shell's shared singletons, the runtime provided by the
// host) and the shell's build rules; the host loads the remote's one exposed component, which
// renders one element. Nothing else: no router, no session, no query client, no layout.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minimizers, moduleRules, precompressed } from '@cc/webpack-config/build';
import { sharedModules } from '@cc/webpack-config/shared';

const require = createRequire(import.meta.url);
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const shellDir = path.join(root, 'shell');
const injectRuntimeCoreCjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');

/** Served from a folder of the shell's dist, as the plain reference page is. */
const PUBLIC = '/mfe/bench-federated/';
const OUT = path.join(shellDir, 'dist', 'mfe', 'bench-federated');

const common = {
  mode: 'production',
  context: here,
  devtool: false,
  resolve: {
    extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
    alias: { [injectRuntimeCoreCjs]: injectRuntimeCoreCjs.replace(/index\.cjs$/, 'index.js') },
  },
  module: { rules: moduleRules(true) },
  optimization: { minimizer: minimizers() },
  performance: { hints: false },
};

const federation = {
  shared: sharedModules(shellDir),
  shareStrategy: 'loaded-first',
  dts: false,
  manifest: false,
};

export default [
  {
    ...common,
    name: 'remote',
    entry: {},
    output: {
      path: path.join(OUT, 'remote'),
      publicPath: `${PUBLIC}remote/`,
      filename: '[name].[contenthash].js',
      chunkFilename: '[name].[contenthash].js',
      uniqueName: 'cc_bench_remote',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        ...federation,
        name: 'bench_remote',
        filename: 'remoteEntry.js',
        exposes: { './Element': './Element.tsx' },
        experiments: { optimization: { disableSnapshot: true, target: 'web' }, externalRuntime: true },
      }),
      precompressed(),
    ],
  },
  {
    ...common,
    name: 'host',
    entry: { main: './index.ts' },
    output: {
      path: path.join(OUT, 'host'),
      publicPath: `${PUBLIC}host/`,
      filename: (pathData) => (pathData.chunk?.contentHash?.javascript ? '[name].[contenthash].js' : '[name].js'),
      chunkFilename: '[name].[contenthash].js',
      uniqueName: 'cc_bench_host',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        ...federation,
        name: 'bench_host',
        remotes: { bench_remote: `bench_remote@${PUBLIC}remote/remoteEntry.js` },
        experiments: { optimization: { disableSnapshot: true, target: 'web' }, provideExternalRuntime: true },
      }),
      new HtmlWebpackPlugin({
        // The shell's page, with the remote's entry asked for from the head, as the shell asks for its page's.
        templateContent: readFileSync(path.join(shellDir, 'src', 'index.html'), 'utf8').replace(
          '</head>',
          `<link rel="preload" as="script" href="${PUBLIC}remote/remoteEntry.js" /></head>`,
        ),
        scriptLoading: 'defer',
        favicon: path.join(shellDir, 'src', 'favicon.svg'),
      }),
      precompressed(),
    ],
  },
];
