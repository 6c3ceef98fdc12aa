import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface StackOptions {
  root: string;
  gatewayPort: number;
  databaseUrl: string;
  /** Where the stack's output goes (kept out of the bench table). */
  logFile: string;
  timeoutMs?: number;
  /** Processes per service (scripts/stack.mjs --replicas); 1 unless asked, whatever STACK_REPLICAS says. */
  replicas?: number;
}

export interface RunningStack {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * The real stack on a fresh database, as the e2e suite runs it (one replica per service unless asked):
 * e2e/support/fresh-stack.mjs (checks the ports, recreates the database, runs scripts/stack.mjs).
 * Started in its own process group so stop() reaches nginx and every service.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { root, gatewayPort, databaseUrl, logFile, timeoutMs = 180_000, replicas = 1 } = options;
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'e2e', 'support', 'fresh-stack.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      GATEWAY_PORT: String(gatewayPort),
      DATABASE_URL: databaseUrl,
      STACK_REPLICAS: String(replicas),
      // nginx schedules apart from the services, as in a deployment (scripts/stack.mjs); 0 to compare.
      STACK_NGINX_OWN_GROUP: process.env.STACK_NGINX_OWN_GROUP ?? '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseURL = `http://127.0.0.1:${gatewayPort}`;
  const until = Date.now() + timeoutMs;
  let ready = false;
  let early: number | null | undefined;
  void exited.then((code) => (early = code));
  while (!ready && Date.now() < until && early === undefined) {
    // "Stack ready" is printed once nginx answers /healthz.
    if (tail.includes('Stack ready on')) {
      try {
        ready = (await fetch(`${baseURL}/healthz`)).ok;
      } catch {
        /* not yet */
      }
    }
    if (!ready) await new Promise((r) => setTimeout(r, 250));
  }

  async function stop(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => log.end(resolve));
  }

  if (!ready) {
    await stop();
    throw new Error(
      `the stack did not become ready on ${baseURL} (${early !== undefined ? `exited with ${early}` : 'timed out'}); log: ${logFile}\n${tail}`,
    );
  }
  return { baseURL, stop };
}
