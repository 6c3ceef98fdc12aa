/**
 * A rolling restart behind real nginx: two replicas of svc-files as the kit stops them
 * (service-kit shutdown.ts), each drained and started again on its port, one after the other,
 * under steady keep-alive traffic of saves (POST) and reads (GET). Nothing is lost: every request
 * answers 200 and every POST reached exactly one replica once.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import http from 'node:http';
import path from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { replicaPort, SERVICES, type ServiceName } from '@cc/contracts';
import { drainable, type Drainer } from '@cc/service-kit';
import { generateNginxConf } from './nginx';
import { listen } from './nginx.fixtures';
import { closeServers, freePort, makePrefix, removeDir, startNginx, type RunningNginx } from './nginx.harness';

/** One process of svc-files: answers after a moment (so requests are in flight when it stops). */
interface Process {
  server: http.Server;
  drainer: Drainer;
}

const posts = { sent: 0, received: 0 };
const statuses = new Map<number, number>();
let answered = 0;

function startProcess(port: number): Promise<Process> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') posts.received++;
      setImmediate(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"success":true}');
      });
    });
  });
  const drainer = drainable(server, { drainMs: 200, graceMs: 5_000 });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, drainer })));
}

let prefix: string;
let nginx: RunningNginx | undefined;
let base: string;
const files: Process[] = [];
const others: http.Server[] = [];

beforeAll(async () => {
  const realPort = new Map<number, number>();
  for (const s of SERVICES) {
    for (const i of [0, 1]) {
      if (s === 'files') {
        const port = await freePort();
        files.push(await startProcess(port));
        realPort.set(replicaPort(s, i), port);
      } else {
        const server = http.createServer((_req, res) => res.end('{}'));
        others.push(server);
        realPort.set(replicaPort(s as ServiceName, i), await listen(server));
      }
    }
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  prefix = makePrefix('restart');
  const peers = new Map<ServiceName, number>();
  for (const s of SERVICES) peers.set(s, await freePort());
  const text = generateNginxConf('local', {
    listenPort: port,
    replicas: 2,
    address: (_c, p) => `127.0.0.1:${realPort.get(p)}`,
    peerPort: (s) => peers.get(s)!,
  });
  writeFileSync(path.join(prefix, 'gateway/nginx.conf'), text);
  nginx = await startNginx(prefix, 'gateway/nginx.conf', port);
});

afterAll(async () => {
  await nginx?.stop();
  await closeServers([...files.map((f) => f.server), ...others]);
  removeDir(prefix);
});

/** nginx's upstream errors, each once (`connect() failed … request: "POST`), to say why a request failed. */
async function upstreamErrors(): Promise<string[]> {
  const log = readFileSync(path.join(prefix, '.stack/nginx/error.log'), 'utf8');
  const lines = log.split('\n').map((l) => l.replace(/^.*?\*\d+ /, '').replace(/, client:.*?request: "(\w+).*/, ' $1'));
  return [...new Set(lines.filter((l) => l.includes('upstream')))];
}

/** Resolves once `count` more requests have been answered. */
async function answeredMore(count: number): Promise<void> {
  const target = answered + count;
  while (answered < target) await new Promise((r) => setImmediate(r));
}

it('loses no save and fails no read while each replica in turn stops and starts again', async () => {
  let stop = false;
  const client = async (n: number) => {
    for (let i = 0; !stop; i++) {
      const method = (i + n) % 2 === 0 ? 'POST' : 'GET';
      if (method === 'POST') posts.sent++;
      const res = await fetch(`${base}/files`, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: method === 'POST' ? '{"content":"saved"}' : undefined,
      }).catch(() => undefined);
      const status = res?.status ?? 0;
      await res?.arrayBuffer();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      answered++;
    }
  };
  const clients = Array.from({ length: 8 }, (_, n) => client(n));

  await answeredMore(100);
  for (const index of [0, 1]) {
    const { server, drainer } = files[index]!;
    const port = (server.address() as { port: number }).port;
    await drainer.shutdown();
    await answeredMore(50);
    files[index] = await startProcess(port);
    await answeredMore(100);
  }
  stop = true;
  await Promise.all(clients);

  const failures = statuses.size > 1 ? await upstreamErrors() : [];
  expect({ statuses: Object.fromEntries(statuses), failures }).toEqual({ statuses: { 200: answered }, failures: [] });
  expect(posts.received).toBe(posts.sent);
});
