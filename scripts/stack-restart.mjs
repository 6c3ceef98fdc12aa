// The orchestrator's part of a rolling restart in the local replica stack (scripts/stack.mjs), as
// Kubernetes does it for a pod: out of rotation first (its endpoint removed), then SIGTERM, then
// back in once ready. nginx has no health checks of its own (open source), so a replica that just
// closes its socket at SIGTERM still gets new connections until then, and the ones waiting in
// its accept queue at that moment are reset: a request nginx has sent gets a 502. Taken out of
// rotation first, the replica gets nothing new, and what it already has it finishes (the kit's
// drain, packages/service-kit/src/shutdown.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pids whose parent is `parent` (nginx's workers, old and new), from /proc. */
function childPids(parent) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid …`: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) pids.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

/** Connections waiting in the accept queue of a LISTEN socket on `port` (/proc/net/tcp); null off Linux. */
export function acceptQueue(port) {
  try {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (local?.endsWith(`:${hexPort}`) && state === '0A') return parseInt(queues.split(':')[1], 16);
    }
    return 0;
  } catch {
    return null;
  }
}

/**
 * Starts the control server on 127.0.0.1 and returns its port.
 * - `slots`: stack.mjs's processes, { [service]: [{ replica, port, child }] }; its supervisor
 *   starts a replica again when its process exits.
 * - `nginx()`: the nginx master process; `writeConf(down)` regenerates its config with `down`
 *   (`['files:0']`) out of rotation; `ready(slot)` resolves once the slot's /readyz answers.
 */
export async function restartControl({ slots, nginx, writeConf, ready }) {
  const out = new Set();
  /** Old workers that outlive this (an SSE stream through them) no longer hold the restart. */
  const OLD_WORKERS_WAIT_MS = 10_000;

  /** Applies the rotation: new workers with the new config, then the old ones' requests answered. */
  async function reload() {
    const problem = writeConf([...out]);
    if (problem) throw new Error(problem);
    const master = nginx();
    const old = childPids(master.pid);
    master.kill('SIGHUP');
    const until = Date.now() + OLD_WORKERS_WAIT_MS;
    // Every old worker gone: every request routed by the old config has been answered.
    while (Date.now() < until && childPids(master.pid).some((pid) => old.includes(pid))) await sleep(50);
  }

  async function restart(service, replica) {
    const slot = slots[service]?.find((s) => s.replica === replica);
    if (!slot) return { status: 404, body: { errors: [`No replica ${replica} of ${service}`] } };
    const t0 = performance.now();
    const old = slot.child;
    out.add(`${service}:${replica}`);
    try {
      await reload();
      const outMs = performance.now() - t0;
      const queued = acceptQueue(slot.port);
      const exited = new Promise((resolve) => old.once('exit', resolve));
      const signalled = performance.now();
      const at = new Date().toISOString();
      old.kill('SIGTERM');
      await exited;
      const drainMs = performance.now() - signalled;
      // stack.mjs's supervisor starts it again on its port.
      while (slot.child === old) await sleep(20);
      await ready(slot);
      const readyMs = performance.now() - signalled;
      out.delete(`${service}:${replica}`);
      await reload();
      return {
        status: 200,
        body: {
          service,
          replica,
          port: slot.port,
          oldPid: old.pid,
          newPid: slot.child.pid,
          at,
          acceptQueue: queued,
          outMs,
          drainMs,
          readyMs,
          backMs: performance.now() - signalled,
        },
      };
    } finally {
      if (out.delete(`${service}:${replica}`)) await reload().catch(() => {});
    }
  }

  // One restart at a time, as a rollout's maxUnavailable of one.
  let queue = Promise.resolve();
  const server = createServer((req, res) => {
    const match = /^\/replicas\/([a-z]+)\/(\d+)\/restart$/.exec(req.url ?? '');
    const answer = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !match) return answer(404, { errors: ['Not found'] });
    req.resume();
    const done = queue.then(() => restart(match[1], Number(match[2])));
    queue = done.catch(() => {});
    done.then(
      ({ status, body }) => answer(status, body),
      (err) => answer(500, { errors: [String(err?.message ?? err)] }),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return server.address().port;
}
