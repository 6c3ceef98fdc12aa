import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The rolling restart: every replica of every service in turn, as an orchestrator rolls a
 * deployment: out of nginx's rotation, SIGTERM the process, wait until the stack's supervisor has
 * started a new one and its `/readyz` answers 200, back into rotation, then the next. The stack
 * does a replica's steps when asked on its control port (scripts/stack-restart.mjs); `sigtermOnly`
 * sends the bare SIGTERM instead and waits for the new pid in `.stack/replicas.json` (nginx then
 * learns of the stop only from refused connections, and resets what was queued at the close).
 */

const replicasFile = z.object({
  gatewayPort: z.number(),
  /** The stack's control port (scripts/stack-restart.mjs), with replicas. */
  control: z.number().optional(),
  services: z.record(z.string(), z.array(z.object({ replica: z.number(), port: z.number(), pid: z.number() }))),
});
export type Replicas = z.infer<typeof replicasFile>;

export interface RestartTiming {
  service: string;
  replica: number;
  port: number;
  oldPid: number;
  newPid: number;
  /** SIGTERM → the old process gone (it finishes its requests in flight first). */
  drainMs: number;
  /** SIGTERM → the new process's /readyz answered 200. */
  readyMs: number;
  /**
   * Connections in the listening socket's accept queue at the SIGTERM: opened by nginx (and a
   * request written into each) but not yet accepted by the busy process. Closing the listener
   * resets them, and nginx answers 502 for a request it has sent (or already tried elsewhere).
   */
  acceptQueue: number | null;
  /** The SIGTERM's wall-clock time (ISO), to find its moment in .stack/nginx/error.log. */
  at: string;
  /** performance.now() at the SIGTERM and at ready. */
  from: number;
  to: number;
  /** Taking it out of nginx's rotation (the reload and the old workers' last answers); 0 with a bare SIGTERM. */
  outMs: number;
}

const controlAnswer = z.object({
  port: z.number(),
  oldPid: z.number(),
  newPid: z.number(),
  at: z.string(),
  acceptQueue: z.number().nullable(),
  outMs: z.number(),
  drainMs: z.number(),
  readyMs: z.number(),
});

/** One replica through the stack's control port: out of rotation, SIGTERM, ready, back in. */
async function restartThroughStack(control: number, service: string, replica: number, timeoutMs: number): Promise<RestartTiming> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${control}/replicas/${service}/${replica}/restart`, {
    method: 'POST',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`${service} replica ${replica}: the stack answered ${res.status} ${await res.text()}`);
  const t = controlAnswer.parse(await res.json());
  const from = started + t.outMs;
  return { service, replica, ...t, from, to: from + t.readyMs };
}

export function readReplicas(file: string): Replicas | null {
  try {
    return replicasFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // Not written yet, or caught half-written: the caller asks again.
    return null;
  }
}

/** The accept queue of 127.0.0.1:`port` (a LISTEN socket's rx_queue in /proc/net/tcp); null off Linux. */
function acceptQueue(port: number): number | null {
  try {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (local?.endsWith(`:${hexPort}`) && state === '0A') return parseInt(queues!.split(':')[1]!, 16);
    }
    return 0;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ready(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}

/** Waits for `.stack/replicas.json` to list `count` replicas of each of `services`, every one ready. */
export async function waitForReplicas(file: string, services: readonly string[], count: number, timeoutMs: number): Promise<Replicas> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const replicas = readReplicas(file);
    const complete = replicas && services.every((s) => (replicas.services[s]?.length ?? 0) >= count);
    if (
      complete &&
      (
        await Promise.all(
          Object.values(replicas.services)
            .flat()
            .map((r) => ready(r.port)),
        )
      ).every(Boolean)
    )
      return replicas;
    if (Date.now() > until) {
      throw new Error(`${file} did not list ${count} ready replicas of ${services.join(', ')} within ${timeoutMs / 1000} s`);
    }
    await sleep(250);
  }
}

/** One replica: SIGTERM, then the old pid gone, a new pid in the file, and its /readyz 200. */
async function restartOne(file: string, service: string, replica: number, timeoutMs: number): Promise<RestartTiming> {
  const before = readReplicas(file)?.services[service]?.find((r) => r.replica === replica);
  if (!before) throw new Error(`${file} lists no replica ${replica} of ${service}`);
  const from = performance.now();
  const at = new Date().toISOString();
  const queued = acceptQueue(before.port);
  process.kill(before.pid, 'SIGTERM');
  let drainMs: number | undefined;
  for (;;) {
    const elapsed = performance.now() - from;
    if (drainMs === undefined && !alive(before.pid)) drainMs = elapsed;
    const now = readReplicas(file)?.services[service]?.find((r) => r.replica === replica);
    if (drainMs !== undefined && now && now.pid !== before.pid && alive(now.pid) && (await ready(now.port))) {
      const to = performance.now();
      return {
        service,
        replica,
        port: now.port,
        oldPid: before.pid,
        newPid: now.pid,
        drainMs,
        readyMs: to - from,
        acceptQueue: queued,
        at,
        from,
        to,
        outMs: 0,
      };
    }
    if (elapsed > timeoutMs) {
      throw new Error(
        `${service} replica ${replica} (pid ${before.pid}) was not back within ${timeoutMs / 1000} s: ` +
          (drainMs === undefined ? 'the old process has not exited' : `no ready new process (replicas.json: pid ${now?.pid ?? 'none'})`),
      );
    }
    await sleep(100);
  }
}

/** Restarts every replica of every service, one at a time; `onEach` hears of each as it is back. */
export async function rollingRestart(
  file: string,
  services: readonly string[],
  options: { timeoutMs: number; pauseMs: number; sigtermOnly: boolean; onEach: (t: RestartTiming) => void },
): Promise<RestartTiming[]> {
  const timings: RestartTiming[] = [];
  const control = options.sigtermOnly ? undefined : readReplicas(file)?.control;
  for (const service of services) {
    const replicas = readReplicas(file)?.services[service] ?? [];
    for (const { replica } of [...replicas].sort((a, b) => a.replica - b.replica)) {
      const timing = control
        ? await restartThroughStack(control, service, replica, options.timeoutMs)
        : await restartOne(file, service, replica, options.timeoutMs);
      timings.push(timing);
      options.onEach(timing);
      if (options.pauseMs > 0) await sleep(options.pauseMs);
    }
  }
  return timings;
}
