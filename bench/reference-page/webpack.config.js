// The bench's reference page (bench/lib/reference-page.ts builds it at bench time): compiled and
// minified by the same rules as the shell (@cc/webpack-config/build), the shell's HTML template,
// hashed file names, served by the same nginx from a folder of the shell's dist.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minimizers, moduleRules, precompressed } from '@cc/webpack-config/build';

const require = createRequire(import.meta.url);
const HtmlWebpackPlugin = require('html-webpack-plugin');

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

/** Where it is written and the address it is served at: `--env out=<dir> --env publicPath=/x/`. */
export default (env = {}) => ({
  context: here,
  mode: 'production',
  entry: { main: './index.tsx' },
  output: {
    path: env.out ?? path.join(root, 'shell', 'dist', 'mfe', 'bench-reference'),
    publicPath: env.publicPath ?? '/mfe/bench-reference/',
    filename: '[name].[contenthash].js',
    chunkFilename: '[name].[contenthash].js',
    clean: true,
  },
  devtool: false,
  resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
  module: { rules: moduleRules(true) },
  plugins: [
    new HtmlWebpackPlugin({
      template: path.join(root, 'shell', 'src', 'index.html'),
      scriptLoading: 'defer',
      favicon: path.join(root, 'shell', 'src', 'favicon.svg'),
    }),
    precompressed(),
  ],
  optimization: { minimizer: minimizers() },
  performance: { hints: false },
});
