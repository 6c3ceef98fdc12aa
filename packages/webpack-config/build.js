// What the shell and every remote compile and minify the same way.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');

/** TypeScript/JSX through swc (including workspace packages: node_modules/@cc/* resolve to packages/*), CSS through style-loader. */
export function moduleRules(production) {
  return [
    {
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
  ];
}

/** The swc minifier: about 5 s per app instead of about 12 s with the default (docs/architecture.md#toolchain-pitfalls). */
export function minimizers() {
  return [
    new MinimizerPlugin({
      minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
      extractComments: false,
    }),
  ];
}

/**
 * A gzip copy (`name.gz`) beside every script, style sheet, page and icon of a production build,
 * made once at the highest level: nginx sends it as it is (`gzip_static`, gateway/src/nginx.ts)
 * instead of compressing the same file again for every visitor, at the moment a cold visit
 * waits for it. Below nginx's `gzip_min_length` nothing is compressed either way.
 */
export function precompressed() {
  return new CompressionPlugin({
    test: /\.(?:js|mjs|css|html|svg|json)$/,
    threshold: 1024,
    compressionOptions: { level: 9 },
  });
}
