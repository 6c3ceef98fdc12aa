// `npm run bench` (scripts/bench.mjs runs this file with tsx): starts the real stack on its own
// port and database, runs every module in bench/modules/, prints one table, stops the stack.
//
//   npm run bench                         all modules, fresh stack on :8090 / career_bench
//   npm run bench -- --only=session       some modules
//   npm run bench -- --base-url=http://127.0.0.1:8080   use a stack that is already running
//
// Figures only, no pass/fail. Loopback only.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { signUp } from './lib/auth';
import { BENCH_DATABASE_URL } from './lib/db';
import { startStack, type RunningStack } from './lib/stack';
import { formatTable } from './lib/table';
import type { BenchContext, Row } from './lib/types';
import { MODULES } from './modules/index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key!, value.join('=') || 'true'] as const;
  }),
);

const GATEWAY_PORT = Number(process.env.BENCH_GATEWAY_PORT ?? 8090);

let stack: RunningStack | undefined;
// Ctrl-C: the stack runs in its own process group, so stop it explicitly before leaving.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void (stack ? stack.stop() : Promise.resolve()).finally(() => process.exit(130));
  });
}

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

async function main(): Promise<void> {
  const only = args.get('only')?.split(',').filter(Boolean);
  const modules = only ? MODULES.filter((m) => only.includes(m.name)) : MODULES.filter((m) => !m.optIn);
  if (only && modules.length !== only.length) {
    throw new Error(
      `unknown module(s): ${only.filter((n) => !MODULES.some((m) => m.name === n)).join(', ')} (known: ${MODULES.map((m) => m.name).join(', ')})`,
    );
  }

  let baseURL = args.get('base-url');
  const identityURL = args.get('identity-url') ?? 'http://127.0.0.1:3001';
  let browser: Browser | undefined;
  const rows: Row[] = [];
  const started = Date.now();
  try {
    if (!baseURL) {
      const logFile = path.join(root, 'test-results', 'bench-stack.log');
      log(
        `starting the stack on :${GATEWAY_PORT} with a fresh ${new URL(BENCH_DATABASE_URL).pathname.slice(1)} (output: ${path.relative(root, logFile)})`,
      );
      stack = await startStack({ root, gatewayPort: GATEWAY_PORT, databaseUrl: BENCH_DATABASE_URL, logFile });
      baseURL = stack.baseURL;
      log(`stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const ctx: BenchContext = {
      baseURL,
      identityURL,
      newUser: (tag) => signUp(baseURL!, tag),
      async browser() {
        browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
        return browser;
      },
      log,
    };
    for (const module of modules) {
      log(`${module.name}: ${module.description}`);
      rows.push(...(await module.run(ctx)));
      // The browser is only needed by browser modules; close it before load tests share the CPU.
      if (browser) {
        await browser.close();
        browser = undefined;
      }
    }
  } finally {
    if (browser) await browser.close();
    if (stack) {
      log('stopping the stack');
      await stack.stop();
    }
  }

  const table = formatTable(rows);
  const header = `Bench ${new Date().toISOString()}  node ${process.version}  ${baseURL}  (${((Date.now() - started) / 1000).toFixed(0)} s)`;
  console.log(`\n${header}\n\n${table}\n`);
  const out = path.join(root, 'test-results', 'bench.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), baseURL, rows }, null, 2));
  log(`figures also written to ${path.relative(root, out)}`);
}

main().catch((error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
