// `npm start`: build what is stale (turbo caches the rest), then run the embedded platform:
// every service, the static builds and the gateway on http://localhost:8080, PGlite under .data/.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const t0 = performance.now();
const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only', '--log-prefix=none'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
});
if (build.status !== 0) {
  console.error('Build failed; see above.');
  process.exit(build.status ?? 1);
}
console.log(`Build up to date (${((performance.now() - t0) / 1000).toFixed(1)}s). Starting…`);
process.chdir(root);
await import('../gateway/dist/main.js');
