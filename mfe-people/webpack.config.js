// People remote: a Module Federation container served at /mfe/people/ (behind the
// gateway; in dev, the shell on :3100 proxies /mfe/people/ to this dev server).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const pkg = require('./package.json');

const here = path.dirname(fileURLToPath(import.meta.url));
const deps = pkg.dependencies;

const NAME = 'people';
const DEV_PORT = 3104;

// Same list as the shell; the shell's copies win (singletons), these are only fallbacks.
const shared = {
  react: { singleton: true, requiredVersion: deps.react },
  'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
  'react-router-dom': { singleton: true, requiredVersion: deps['react-router-dom'] },
  'react-router': { singleton: true, requiredVersion: deps['react-router-dom'] },
  '@cc/client': { singleton: true, requiredVersion: false },
  '@cc/contracts': { singleton: true, requiredVersion: false },
  // Chat panel, modal, sanitized markdown: loaded only by pages that render them.
  '@cc/ui': { singleton: true, requiredVersion: false },
};

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  const hashed = production ? '[name].[contenthash].js' : '[name].js';
  return {
    context: here,
    mode: production ? 'production' : 'development',
    // No entry of its own: the container (remoteEntry.js) is the only way in.
    entry: {},
    output: {
      path: path.join(here, 'dist'),
      publicPath: `/mfe/${NAME}/`,
      filename: hashed,
      chunkFilename: hashed,
      uniqueName: `cc_${NAME}`,
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          // Our own TS, including workspace packages (node_modules/@cc/* resolve to packages/*).
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: NAME,
        filename: 'remoteEntry.js',
        exposes: {
          './PeoplePage': './src/pages/PeoplePage.tsx',
          './AboutMePanel': './src/pages/AboutMePanel.tsx',
        },
        shared,
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        experiments: {
          // No manifests or snapshots here (remotes are plain remoteEntry.js URLs), browser only.
          optimization: { disableSnapshot: true, target: 'web' },
          // Use the federation runtime the shell provides (provideExternalRuntime there)
          // instead of shipping a copy in every remoteEntry.js: about 15 KB gzipped each.
          externalRuntime: true,
        },
      }),
    ],
    optimization: {
      minimizer: [
        new MinimizerPlugin({
          minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
          extractComments: false,
        }),
      ],
    },
    performance: { hints: false },
    devServer: {
      port: DEV_PORT,
      hot: false,
      liveReload: false,
      static: false,
      allowedHosts: 'all',
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
      },
    },
  };
};
