// End-to-end suite: Debian's Chromium against the real topology (nginx with the generated gateway
// config, STACK_REPLICAS processes per service (default 2), Postgres) through the gateway. `npm run test:e2e`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DATABASE_URL, DEEP_MODEL_PORT, GATEWAY_PORT, STACK_REPLICAS } from './support/env';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

const baseURL = `http://127.0.0.1:${GATEWAY_PORT}`;
const DEEP_MODEL_URL = `http://127.0.0.1:${DEEP_MODEL_PORT}/v1`;
const CI = Boolean(process.env.CI);

/** A process the suite starts from the repo root (a running one is reused outside CI), its output kept out of the report. */
const server = (options: { command: string; url: string; timeout: number; shutdownMs: number; env?: Record<string, string> }) => ({
  command: options.command,
  cwd: root,
  env: options.env,
  url: options.url,
  timeout: options.timeout,
  reuseExistingServer: !CI,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: options.shutdownMs },
});

export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results', 'e2e-artifacts'),
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, 'test-results', 'e2e.json') }]],
  use: {
    baseURL,
    // Dates follow the browser's locale (@cc/contracts/dates); the journeys read the British forms.
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: [
    // The slow model deep research writes with (every other AI call keeps the offline coach).
    server({ command: 'npx tsx e2e/support/deep-research-model.ts', url: `${DEEP_MODEL_URL}/models`, timeout: 60_000, shutdownMs: 2_000 }),
    // A fresh database, then scripts/stack.mjs (build, services × replicas, nginx).
    server({
      command: 'node e2e/support/fresh-stack.mjs',
      env: {
        GATEWAY_PORT: String(GATEWAY_PORT),
        DATABASE_URL,
        STACK_REPLICAS: String(STACK_REPLICAS),
        DEEP_RESEARCH_BASE_URL: DEEP_MODEL_URL,
        DEEP_RESEARCH_MODEL: 'e2e-deep-research',
      },
      url: `${baseURL}/healthz`,
      timeout: 180_000,
      // The services drain before they exit (service-kit shutdown.ts); the next stack needs their ports.
      shutdownMs: 15_000,
    }),
  ],
});
