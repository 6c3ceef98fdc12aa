// The `@cc/ai/testing` OpenAI-compatible server in its own process (bench/servers/openai-test-server.ts),
// for the modules that need a model: chat (its replies wait BENCH_AI_DELAY_MS before the first
// byte) and search-meaning (its /v1/embeddings). One server per bench run, started while the
// modules are imported, before bench/index.ts starts the stack, so the stack inherits AI_BASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ModelServer {
  baseURL: string;
  stop(): void;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let started: Promise<ModelServer> | undefined;

/** Whether `name` runs in this bench: named by --only, or every module when none is (unless opt-in). */
export function moduleSelected(name: string, { optIn = false } = {}, argv = process.argv.slice(2)): boolean {
  if (argv.some((a) => a.startsWith('--base-url'))) return false;
  const only = argv.find((a) => a.startsWith('--only='));
  return only ? only.slice('--only='.length).split(',').includes(name) : !optIn;
}

/** Starts the server once and points the stack's AI settings at it. */
export function modelServer(delayMs: number): Promise<ModelServer> {
  started ??= start(delayMs);
  return started;
}

async function start(delayMs: number): Promise<ModelServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'servers', 'openai-test-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_AI_DELAY_MS: String(delayMs) },
  });
  const baseURL = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the OpenAI test server exited with ${code}`)));
  });
  // Neither the child nor its pipe may keep the bench alive if the stack never comes up.
  child.stdout!.destroy();
  child.unref();
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  process.env.AI_BASE_URL = baseURL;
  process.env.AI_MODEL = 'bench-model';
  process.env.AI_API_KEY = 'bench';
  // The bench makes thousands of model calls a minute; the default limit is 30.
  process.env.AI_RATE_LIMIT_PER_MINUTE = process.env.BENCH_AI_RATE_LIMIT ?? '1000000';
  return { baseURL, stop };
}
