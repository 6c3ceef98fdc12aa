// The webpack config of a remote: a Module Federation container served at /mfe/<name>/
// (behind the gateway; in dev, the shell on :3100 proxies /mfe/<name>/ to the remote's dev
// server on its own port).
import { createRequire } from 'node:module';
import path from 'node:path';
import { sharedModules } from './shared.js';
import { minimizers, moduleRules, precompressed } from './build.js';
import { EagerCompileBootPlugin } from './compile-hints.js';

const require = createRequire(import.meta.url);
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * @param {{
 *   name: string,                      // federation name; served at /mfe/<name>/
 *   dir: string,                       // the remote's directory (webpack context, dist/ goes here)
 *   port: number,                      // dev-server port (the shell's REMOTE_DEV_PORTS)
 *   exposes: Record<string, string>,
 *   remotes?: Record<string, string>,  // other remotes this one loads through federation
 * }} options
 * @returns {(env: { requiredVersions?: Record<string, string> } | undefined, argv: { mode?: string }) => object} the webpack config function
 */
export function createRemoteConfig({ name, dir, port, exposes, remotes }) {
  // `--env requiredVersions.react=^99` builds against a shared version the shell does not have
  // (e2e/shared-version-mismatch.spec.ts).
  return (env, argv) => {
    const shared = sharedModules(dir, env?.requiredVersions);
    const production = argv.mode !== 'development';
    const hashed = production ? '[name].[contenthash].js' : '[name].js';
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      // No entry of its own: the container (remoteEntry.js) is the only way in.
      entry: {},
      output: {
        path: path.join(dir, 'dist'),
        publicPath: `/mfe/${name}/`,
        filename: hashed,
        chunkFilename: hashed,
        uniqueName: `cc_${name}`,
        clean: true,
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
      module: { rules: moduleRules(production) },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          ...(remotes && { remotes }),
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
        // remoteEntry.js runs whole as soon as it arrives: compiled by V8 off the main thread.
        ...(production ? [new EagerCompileBootPlugin()] : []),
        ...(production ? [precompressed()] : []),
      ],
      optimization: {
        minimizer: minimizers(),
      },
      performance: { hints: false },
      devServer: {
        port,
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
}
