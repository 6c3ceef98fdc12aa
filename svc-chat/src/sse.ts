import type Koa from 'koa';
import { clientGoneSignal } from '@cc/service-kit';

/** Whether the caller asked for Server-Sent Events (`Accept: text/event-stream`). */
export const wantsEventStream = (ctx: Koa.Context): boolean => /\btext\/event-stream\b/i.test(ctx.get('accept'));

export interface EventStream {
  /** Fires when the client disconnects mid-stream. */
  readonly signal: AbortSignal;
  readonly closed: boolean;
  /** Writes one event (`event: <name>` + one `data:` line of JSON), flushed at once. */
  send(event: string, data: unknown): void;
  end(): void;
}

/**
 * Takes the response over from Koa and starts an event stream: no buffering anywhere on the
 * way (`X-Accel-Buffering: no` for nginx, no compression, Nagle off), so each event reaches
 * the browser as soon as it is written.
 */
export function openEventStream(ctx: Koa.Context): EventStream {
  const signal = clientGoneSignal(ctx);
  const res = ctx.res;
  ctx.respond = false;
  ctx.status = 200; // for the access log; the headers below are written by hand
  ctx.req.socket.setNoDelay(true);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  const closed = () => signal.aborted || res.writableEnded || res.destroyed;
  return {
    signal,
    get closed() {
      return closed();
    },
    send(event, data) {
      if (closed()) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!res.writableEnded && !res.destroyed) res.end();
    },
  };
}
