// `npm run check:restarts`: a rolling restart of every service under load loses nothing
// (issue 23, "Restarts lose nothing"). Takes a few minutes, so it is not part of `npm test`.
//
//   flock /tmp/e2e.lock npm run check:restarts                 fresh 2-replica stack on :8091 / career_bench_restarts
//   npm run check:restarts -- --users=50 --before=10 --after=5   a smaller run
//   npm run check:restarts -- --base-url=http://127.0.0.1:8080   a replica stack already running (npm run stack -- --replicas 2)
//   npm run check:restarts -- --no-restarts                      the same load without restarts (what the load alone gives)
//   npm run check:restarts -- --sigterm-only                     bare SIGTERMs, nginx not told first
//
// 1. starts the real stack with two replicas of each service (e2e/support/fresh-stack.mjs, as the
//    bench does) on its own database;
// 2. signs up N users through nginx; each opens a file of its own and, concurrently, types and
//    autosaves it with the workspace's own autosave and save call, and reads what the dashboard
//    reads, in a loop;
// 3. meanwhile restarts every replica of every service in turn, as an orchestrator does: the
//    stack takes it out of nginx's rotation, SIGTERMs it, waits for the supervisor's new process
//    to answer /readyz and puts it back (scripts/stack-restart.mjs), then the next
//    (`--sigterm-only`: the bare SIGTERM to the pid in .stack/replicas.json instead);
// 4. stops typing, lets every autosave finish, reads every file back, prints the figures and
//    the nginx log lines of what failed. Exit code 0 only with 0 lost saves, 0 silent
//    overwrites and 0 reads answered 5xx.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUp } from '../bench/lib/auth';
import { startStack, type RunningStack } from '../bench/lib/stack';
import { formatTable } from '../bench/lib/table';
import { findings } from './rolling-restart/figures';
import { logMark, nginxReport } from './rolling-restart/nginx-log';
import { rollingRestart, waitForReplicas, type RestartTiming } from './rolling-restart/restarts';
import { installBrowserTransport, type RequestRecord } from './rolling-restart/transport';
import { SimulatedUser, type Pace, type UserOutcome } from './rolling-restart/user';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key!, value.join('=') || 'true'] as const;
  }),
);
const number = (name: string, fallback: number) => Number(args.get(name) ?? fallback);

const USERS = number('users', 200);
/** Seconds of load before the first SIGTERM and after the last replica is back. */
const BEFORE_S = number('before', 20);
const AFTER_S = number('after', 10);
/** Extra wait after a replica is ready before the next SIGTERM (an orchestrator's minReadySeconds; 0: none). */
const PAUSE_MS = number('pause-ms', 0);
const GATEWAY_PORT = number('gateway-port', Number(process.env.RESTARTS_GATEWAY_PORT ?? 8091));
const DATABASE_URL = process.env.RESTARTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/career_bench_restarts';
const SERVICES = ['identity', 'files', 'coaching', 'people', 'chat'] as const;
const REPLICAS = 2;
/** The baseline: the same load and the same reading back, no restart. */
const NO_RESTARTS = args.has('no-restarts');
/** SIGTERM each replica without taking it out of nginx's rotation first. */
const SIGTERM_ONLY = args.has('sigterm-only');
const STACK_DIR = path.join(root, '.stack');
const REPLICAS_FILE = path.join(STACK_DIR, 'replicas.json');
const ACCESS_LOG = path.join(STACK_DIR, 'nginx', 'access.log');
const ERROR_LOG = path.join(STACK_DIR, 'nginx', 'error.log');
/** A person typing: a few edits in a burst, then a pause past the 1 s autosave delay. */
const PACE: Pace = { burst: [1, 4], keyGapMs: [80, 250], pauseMs: [1500, 4000] };
/** How long the autosaves get, once typing stops, to save what is left (a retry waits up to 30 s). */
const FINISH_MS = 90_000;

function log(message: string): void {
  process.stderr.write(`[restarts] ${message}\n`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` on every item, `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

let stack: RunningStack | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void (stack ? stack.stop() : Promise.resolve()).finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  let baseURL = args.get('base-url');
  if (!baseURL) {
    const logFile = path.join(root, 'test-results', 'rolling-restart-stack.log');
    log(
      `starting a ${REPLICAS}-replica stack on :${GATEWAY_PORT}, fresh ${new URL(DATABASE_URL).pathname.slice(1)} (output: ${path.relative(root, logFile)})`,
    );
    stack = await startStack({ root, gatewayPort: GATEWAY_PORT, databaseUrl: DATABASE_URL, logFile, replicas: NO_RESTARTS ? 1 : REPLICAS });
    baseURL = stack.baseURL;
  }
  if (!NO_RESTARTS) await waitForReplicas(REPLICAS_FILE, SERVICES, REPLICAS, 120_000);
  log(
    `stack ready at ${baseURL}${NO_RESTARTS ? ' (no restarts)' : `; ${REPLICAS} replicas of ${SERVICES.join(', ')} in ${path.relative(root, REPLICAS_FILE)}`}`,
  );

  const records: RequestRecord[] = [];
  let recording = false;
  installBrowserTransport(baseURL, (r) => {
    if (recording) records.push(r);
  });

  log(`signing up ${USERS} users and opening a file for each`);
  const users = await pool(
    Array.from({ length: USERS }, (_, i) => i + 1),
    8,
    async (index) => {
      const account = await signUp(baseURL!, 'restarts');
      const user = new SimulatedUser(index, { cookie: account.cookie, csrfToken: account.csrfToken });
      await user.open();
      return user;
    },
  );

  const accessMark = logMark(ACCESS_LOG);
  const errorMark = logMark(ERROR_LOG);
  let stopped = false;
  recording = true;
  const loadFrom = performance.now();
  log(`load: ${USERS} users typing and reading; the rolling restart starts in ${BEFORE_S} s`);
  const loops = users.map((u) => u.run(() => stopped, PACE));
  await sleep(BEFORE_S * 1000);

  const restartFrom = performance.now();
  let timings: RestartTiming[] = [];
  let restartError: unknown;
  try {
    if (!NO_RESTARTS)
      timings = await rollingRestart(REPLICAS_FILE, SERVICES, {
        timeoutMs: 60_000,
        pauseMs: PAUSE_MS,
        sigtermOnly: SIGTERM_ONLY,
        onEach: (t) => log(`${t.service} #${t.replica} back in ${Math.round(t.readyMs)} ms (drained in ${Math.round(t.drainMs)} ms)`),
      });
  } catch (error) {
    restartError = error;
    log(`rolling restart failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const restartTo = performance.now();
  log(`restarts done; ${AFTER_S} s more load`);
  await sleep(AFTER_S * 1000);
  stopped = true;
  await Promise.all(loops);
  const loadTo = performance.now();

  log('typing stopped; waiting for every autosave to finish');
  const outcomes: UserOutcome[] = await Promise.all(users.map((u) => u.finish(Date.now() + FINISH_MS)));
  recording = false;

  log('reading every file back');
  const finalTexts = new Map<number, string>();
  await pool(outcomes, 16, async (o) => {
    finalTexts.set(o.fileId, await users[o.index - 1]!.readBack());
  });

  const result = findings({ records, outcomes, finalTexts, timings, loadFrom, restartFrom, restartTo, loadTo });
  // nginx writes its access log at most a second late (buffer=32k flush=1s).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const report = nginxReport(ACCESS_LOG, accessMark, ERROR_LOG, errorMark);
  process.stdout.write(`\n${formatTable(result.rows)}\n\n${report.join('\n')}\n`);
  const out = path.join(root, 'test-results', 'rolling-restart.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ ...result.summary, nginx: report, rows: result.rows }, null, 2));

  const holds = result.lostSaves === 0 && result.silentOverwrites === 0 && result.read5xx === 0 && !restartError;
  process.stdout.write(
    `\n${holds ? 'PASS' : 'FAIL'}: ${result.lostSaves} lost saves, ${result.silentOverwrites} silent overwrites, ${result.read5xx} reads answered 5xx` +
      `${restartError ? ', the rolling restart did not complete' : ''} (figures also in ${path.relative(root, out)})\n`,
  );
  return holds ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await stack?.stop();
}
process.exit(code);
