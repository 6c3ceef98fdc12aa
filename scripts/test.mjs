// `npm test`: type-check, lint and format check, unit + integration tests (jest, real Postgres; then the gateway
// journeys once more on two replicas of every service), the AI eval on the
// offline coach (each case counts as a test), then the browser journeys (Playwright in Chromium against nginx + every
// service + Postgres). Ends with one "N passed, N failed" line summing all three.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
mkdirSync('test-results', { recursive: true });
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR };
const only = process.argv[2]; // optional: typecheck | lint | unit | replicas | eval | e2e

function run(label, cmd, args, extraEnv = {}) {
  console.log(`\n── ${label} ──`);
  const t0 = performance.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`── ${label}: ${res.status === 0 ? 'ok' : 'FAILED'} (${((performance.now() - t0) / 1000).toFixed(0)}s)`);
  return res.status === 0;
}

const results = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

if (!only || only === 'typecheck') ok = run('type-check', 'npx', ['tsc', '-p', 'tsconfig.json']) && ok;
if (!only || only === 'lint') {
  ok = run('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']) && ok;
  ok = run('format (prettier --check)', 'npx', ['prettier', '--check', '--log-level=warn', '.']) && ok;
}

if (!only || only === 'unit') {
  rmSync('test-results/jest.json', { force: true });
  ok =
    run('unit and integration tests (jest)', 'node', [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--json',
      '--outputFile=test-results/jest.json',
      // A test that fails half-way can leave a server or a pool open; the run must still end
      // (a hung jest would hold CI to its time limit). Tests close what they open: this is the net.
      '--forceExit',
    ]) && ok;
  if (existsSync('test-results/jest.json')) {
    const j = JSON.parse(readFileSync('test-results/jest.json', 'utf8'));
    results.passed += j.numPassedTests;
    results.failed += j.numFailedTests;
    results.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  }
}

if (!only || only === 'unit' || only === 'replicas') {
  // The gateway journeys (every service behind the embedded gateway) once more with two replicas
  // of every service, each with its own pool, requests alternating between them (docs/architecture.md#replicas).
  const journeys = readdirSync('gateway/src/embedded')
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `gateway/src/embedded/${name}`)
    .filter((file) => readFileSync(file, 'utf8').includes('startEmbeddedStack('));
  rmSync('test-results/jest-replicas.json', { force: true });
  ok =
    run(
      'gateway journeys on two replicas (jest, STACK_REPLICAS=2)',
      'node',
      [
        '--experimental-vm-modules',
        'node_modules/jest/bin/jest.js',
        '--json',
        '--outputFile=test-results/jest-replicas.json',
        '--forceExit',
        // One file at a time: a two-replica embedded stack holds up to about 60 Postgres
        // connections (ten services' pools, their job queues and listeners; measured in
        // pg_stat_activity), so two files side by side can pass Postgres' default 100, and a CI
        // run failed with "sorry, too many clients already". Serial: peak 61, 73 s (was 39 s).
        '--maxWorkers=1',
        ...journeys,
      ],
      { STACK_REPLICAS: '2' },
    ) && ok;
  if (existsSync('test-results/jest-replicas.json')) {
    const j = JSON.parse(readFileSync('test-results/jest-replicas.json', 'utf8'));
    results.passed += j.numPassedTests;
    results.failed += j.numFailedTests;
    results.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  }
}

if (!only || only === 'eval') {
  // The AI eval on the offline coach (eval/README.md): a configured model must not answer here.
  console.log('\n── AI eval on the offline coach (npm run eval) ──');
  const t0 = performance.now();
  const offline = Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'AI_BASE_URL'));
  const res = spawnSync('npx', ['tsx', 'eval/run.ts', '--provider', 'offline'], {
    env: offline,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(res.stdout ?? '');
  const counts = (res.stdout ?? '').match(/^(\d+) passed, (\d+) failed$/m);
  if (counts) {
    results.passed += Number(counts[1]);
    results.failed += Number(counts[2]);
  }
  const passed = res.status === 0 && Boolean(counts);
  console.log(`── AI eval: ${passed ? 'ok' : 'FAILED'} (${((performance.now() - t0) / 1000).toFixed(0)}s)`);
  ok = passed && ok;
}

if (!only || only === 'e2e') {
  ok = run('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']) && ok;
  rmSync('test-results/e2e.json', { force: true });
  ok = run('browser journeys (playwright)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']) && ok;
  if (existsSync('test-results/e2e.json')) {
    const s = JSON.parse(readFileSync('test-results/e2e.json', 'utf8')).stats ?? {};
    results.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    results.failed += s.unexpected ?? 0;
    results.skipped += s.skipped ?? 0;
  }
}

console.log(`\n${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exit(ok && results.failed === 0 ? 0 : 1);
