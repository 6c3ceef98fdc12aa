/**
 * Graceful shutdown (shutdown.ts) on a real HTTP server and real sockets: what a replica does
 * when a rolling restart SIGTERMs it while a gateway keeps connections open to it.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { defineService } from './app';
import { drainable, type Drainer } from './shutdown';
import { freshDatabase, startTestService } from './testing';

interface Harness {
  server: http.Server;
  port: number;
  drainer: Drainer;
  /** Ends every /slow request waiting so far. */
  release(): void;
  /** Resolves once a /slow request has arrived. */
  slowArrived: Promise<void>;
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

async function start(options: { drainMs: number; graceMs: number }): Promise<Harness> {
  const waiting: Array<() => void> = [];
  let arrived!: () => void;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.url === '/readyz') {
      res.writeHead(drainer.draining ? 503 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: drainer.draining ? 'stopping' : 'ready' }));
    } else if (req.url === '/slow') {
      waiting.push(() => res.end('slow done'));
      arrived();
    } else if (req.url === '/sse') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      arrived();
    } else {
      req.on('end', () => res.end(`${req.method} done`));
    }
  });
  server.keepAliveTimeout = 65_000;
  // Read by the handler above only once requests come, after this line.
  const drainer = drainable(server, options);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, drainer, release: () => waiting.splice(0).forEach((end) => end()), slowArrived };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  socket: net.Socket;
}

function request(port: number, path: string, agent: http.Agent, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body, socket: req.socket! }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : '{}');
  });
}

const keepAlive = () => new http.Agent({ keepAlive: true, maxSockets: 1 });
const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

function connectError(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code));
  });
}

describe('drainable server', () => {
  it('finishes the request in flight, refuses new connections, and answers /readyz 503 on an open one', async () => {
    const h = await start({ drainMs: 60_000, graceMs: 60_000 });
    const slowAgent = keepAlive();
    const probeAgent = keepAlive();
    expect((await request(h.port, '/readyz', probeAgent)).status).toBe(200);
    const slow = request(h.port, '/slow', slowAgent);
    await h.slowArrived;

    const done = h.drainer.shutdown();
    expect(h.drainer.draining).toBe(true);
    expect(await connectError(h.port)).toBe('ECONNREFUSED');

    // The probe's idle keep-alive connection is still served during the drain window, told to close.
    const probe = await request(h.port, '/readyz', probeAgent);
    expect(probe).toMatchObject({ status: 503, connection: 'close', body: '{"status":"stopping"}' });

    h.release();
    expect(await slow).toMatchObject({ status: 200, connection: 'close', body: 'slow done' });
    expect(await done).toEqual({ forced: 0 });
    slowAgent.destroy();
    probeAgent.destroy();
  });

  it('serves a POST that arrives on an idle keep-alive connection after the signal (no 502 at the gateway)', async () => {
    const h = await start({ drainMs: 60_000, graceMs: 60_000 });
    const agent = keepAlive();
    const first = await request(h.port, '/save', agent, 'POST');
    expect(first.connection).toBe('keep-alive');

    const done = h.drainer.shutdown();
    const second = await request(h.port, '/save', agent, 'POST');
    expect(second.socket).toBe(first.socket);
    expect(second).toMatchObject({ status: 200, connection: 'close', body: 'POST done' });
    await closed(second.socket);
    expect(await done).toEqual({ forced: 0 });
    agent.destroy();
  });

  it('closes idle connections once the drain window ends, while a request in flight still runs', async () => {
    const h = await start({ drainMs: 20, graceMs: 60_000 });
    const idleAgent = keepAlive();
    const slowAgent = keepAlive();
    const idle = await request(h.port, '/readyz', idleAgent);
    const slow = request(h.port, '/slow', slowAgent);
    await h.slowArrived;

    const done = h.drainer.shutdown();
    await closed(idle.socket);
    expect(h.drainer.inFlight).toBe(1);
    h.release();
    expect((await slow).body).toBe('slow done');
    expect(await done).toEqual({ forced: 0 });
    idleAgent.destroy();
    slowAgent.destroy();
  });

  it('cuts a stream still open at the grace deadline', async () => {
    const h = await start({ drainMs: 10, graceMs: 50 });
    const agent = keepAlive();
    const cut = new Promise<string>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: h.port, path: '/sse', agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('close', () => resolve(body));
      });
      req.on('error', () => resolve('error'));
      req.end();
    });
    await h.slowArrived;
    expect(await h.drainer.shutdown()).toEqual({ forced: 1 });
    expect(await cut).toBe('data: first\n\n');
    agent.destroy();
  });
});

describe('a kit service', () => {
  it('answers /readyz 503 from the moment it drains, /healthz still 200', async () => {
    const database = await freshDatabase();
    const running = await startTestService(defineService({ name: 'files', migrations: [], routes: () => {} }), database.db);
    try {
      expect(await (await fetch(`${running.url}/readyz`)).json()).toEqual({ status: 'ready' });
      running.service.drain();
      const ready = await fetch(`${running.url}/readyz`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 503, body: { status: 'stopping' } });
      expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    } finally {
      await running.close();
      await database.drop();
    }
  });
});
