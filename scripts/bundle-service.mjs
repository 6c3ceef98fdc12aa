// Bundles a Node entry (a service's src/main.ts, or the embedded gateway) into dist/.
// Workspace packages (@cc/*) are bundled from source; npm dependencies stay external, so
// a service's image needs only its production node_modules.
import { build } from 'esbuild';
import path from 'node:path';

const entry = process.argv[2] ?? 'src/main.ts';
const outfile = path.join('dist', path.basename(entry).replace(/\.ts$/, '.js'));

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-deps',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@cc/') || args.path.startsWith('node:')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
console.log(`bundled ${entry} -> ${outfile}`);
