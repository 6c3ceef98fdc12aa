// The shell: Module Federation host. Pages come from the four remotes, loaded at run time
// from /mfe/<name>/remoteEntry.js (served by the gateway; in dev, proxied to each remote's
// dev server). See docs/architecture.md#toolchain-pitfalls for the pitfalls these settings avoid.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedModules } from '@cc/webpack-config/shared';
import { minimizers, moduleRules, precompressed } from '@cc/webpack-config/build';
import { EagerCompileBootPlugin } from '@cc/webpack-config/compile-hints';
import { EarlyPageRequestsPlugin, PreloadBootChunksPlugin } from '@cc/webpack-config/preload';
// TypeScript, from the route table: the build and dev scripts run webpack under tsx (package.json).
import { EARLY_REQUESTS_GLOBAL, SESSION_PROBE_PATH } from './src/earlyRequests.ts';
import { remoteEntryPreloads } from './src/remotes/remoteEntryPreloads.ts';

const require = createRequire(import.meta.url);
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const here = path.dirname(fileURLToPath(import.meta.url));

/** Remote name -> its dev-server port (each remote's webpack.config.js uses the same port). */
const REMOTE_DEV_PORTS = { dashboard: 3101, planning: 3102, coaching: 3103, people: 3104 };
const GATEWAY = process.env.GATEWAY_URL ?? 'http://localhost:8080';

// provideExternalRuntime adds this runtime plugin by its CommonJS path, which drags in a
// second, CommonJS copy of @module-federation/runtime-core (+22 KB gzipped) and hands the
// remotes that copy instead of the one the shell itself runs. Point it at the ESM build.
const injectRuntimeCoreCjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
const injectRuntimeCoreEsm = injectRuntimeCoreCjs.replace(/index\.cjs$/, 'index.js');

// Loaded once, from the shell; the remotes declare the same list (not eager).
const shared = sharedModules(here);

/** A browser page navigation (same test as isPageNavigation in @cc/contracts). */
function isPageNavigation(req) {
  return (req.method === 'GET' || req.method === 'HEAD') && /^\s*text\/html/i.test(req.headers.accept ?? '');
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  const hashed = production ? '[name].[contenthash].js' : '[name].js';
  return {
    context: here,
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(here, 'dist'),
      publicPath: '/',
      // Entry chunks: the federation runtime module asks for this name while it is generated,
      // before content hashes exist ("[contenthash] not implemented in this context"); it
      // only needs the directory, so give it the plain name then and the hashed one after.
      filename: production ? (pathData) => (pathData.chunk?.contentHash?.javascript ? hashed : '[name].js') : hashed,
      chunkFilename: hashed,
      uniqueName: 'cc_shell',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      alias: { [injectRuntimeCoreCjs]: injectRuntimeCoreEsm },
    },
    module: { rules: moduleRules(production) },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: Object.fromEntries(Object.keys(REMOTE_DEV_PORTS).map((name) => [name, `${name}@/mfe/${name}/remoteEntry.js`])),
        shared,
        // Do not fetch every remote's entry up front to compare versions: a section that is
        // down must not hold up the others.
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        experiments: {
          // No manifests or snapshots here (remotes are plain remoteEntry.js URLs), browser only.
          optimization: { disableSnapshot: true, target: 'web' },
          // The remotes are built with externalRuntime: they use this copy of the runtime.
          provideExternalRuntime: true,
        },
      }),
      // The tab's icon (and no more 404 for /favicon.ico: the link names this one).
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer', favicon: './src/favicon.svg' }),
      // React, the router, the query client and the shell's own code behind its async boundary:
      // fetched alongside main.js instead of after it has run.
      ...(production ? [new PreloadBootChunksPlugin({ HtmlWebpackPlugin })] : []),
      // The same chunks and main.js, compiled by V8 off the main thread as they arrive.
      ...(production ? [new EagerCompileBootPlugin({ boot: 'main' })] : []),
      // The session probe, the page's first reads and its remoteEntry.js files (the dashboard's
      // and the people remote's on /dashboard): sent while main.js downloads instead of once it has run.
      ...(production
        ? [
            new EarlyPageRequestsPlugin({
              HtmlWebpackPlugin,
              pages: remoteEntryPreloads(),
              early: { global: EARLY_REQUESTS_GLOBAL, session: SESSION_PROBE_PATH },
            }),
          ]
        : []),
      ...(production ? [precompressed()] : []),
    ],
    optimization: {
      minimizer: minimizers(),
    },
    performance: { hints: false },
    devServer: {
      port: 3100,
      static: false,
      historyApiFallback: true,
      hot: false,
      client: { overlay: { warnings: false } },
      proxy: [
        ...Object.entries(REMOTE_DEV_PORTS).map(([name, port]) => ({
          context: [`/mfe/${name}/`],
          target: `http://localhost:${port}`,
        })),
        {
          // Every API call (anything that is not a page navigation or one of our assets).
          context: (_pathname, req) => !isPageNavigation(req),
          target: GATEWAY,
        },
      ],
    },
  };
};
