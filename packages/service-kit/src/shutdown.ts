import net from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * How a service process stops without losing a request (a rolling restart SIGTERMs one replica
 * while nginx keeps sending it work):
 *
 * 1. `draining` turns true at once: /readyz answers 503, so nothing new is routed here.
 * 2. The listening socket closes: nginx's next connect is refused and it sends that request,
 *    even a POST (never sent), to another replica.
 * 3. For `drainMs`, requests that still arrive on open keep-alive connections are served, each
 *    answered with `Connection: close`, as are the ones in flight. nginx may pick a cached
 *    connection at any moment, and a POST it has written to a socket we close is lost to a 502
 *    (nginx never resends one): so connections end after an answer, not under a request.
 * 4. Then the idle connections close; every other one closes after its answer.
 * 5. At `graceMs` the rest (a long SSE stream, a stuck request) are cut, and shutdown resolves.
 */
export interface DrainOptions {
  /** How long requests arriving on open connections are still served (default 1 s). */
  drainMs?: number;
  /** When what is still running is cut (default 10 s after the signal). */
  graceMs?: number;
}

export interface Drainer {
  /** True from the moment shutdown began: /readyz answers 503. */
  readonly draining: boolean;
  /** Requests being answered right now. */
  readonly inFlight: number;
  /** Stops taking work and resolves once every connection is closed; `forced`: cut at the grace deadline. */
  shutdown(): Promise<{ forced: number }>;
}

export const DEFAULT_DRAIN_MS = 1000;
export const DEFAULT_GRACE_MS = 10_000;

export function drainable(server: Server, options: DrainOptions = {}): Drainer {
  const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
  const graceMs = Math.max(options.graceMs ?? DEFAULT_GRACE_MS, drainMs);
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let drained = false;
  let stopping: Promise<{ forced: number }> | undefined;

  const closeIdle = () => setImmediate(() => server.closeIdleConnections());
  // Before the app's own listener, which may answer at once.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    // Node then sends `Connection: close` and ends the socket after this answer.
    if (draining) res.shouldKeepAlive = false;
    res.once('close', () => {
      inFlight.delete(res);
      // An answer whose headers left before the signal (a stream) kept its connection alive.
      if (drained) closeIdle();
    });
  });

  const shutdown = () =>
    (stopping ??= new Promise((resolve) => {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      let forced = 0;
      const drainTimer = setTimeout(() => {
        drained = true;
        server.closeIdleConnections();
      }, drainMs);
      const graceTimer = setTimeout(() => {
        forced = inFlight.size;
        server.closeAllConnections();
      }, graceMs);
      // net.Server's close, not http.Server's: the latter also closes the idle keep-alive
      // connections at once, the very sockets nginx may be writing a request into (step 3).
      net.Server.prototype.close.call(server, () => {
        clearTimeout(drainTimer);
        clearTimeout(graceTimer);
        resolve({ forced });
      });
    }));

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight.size;
    },
    shutdown,
  };
}
