/**
 * The replica config (`generateNginxConf('local', { replicas: 2 })`, what `npm run stack --
 * --replicas 2` runs): one upstream server per replica on replicaPort's spacing, the retry
 * directives, the peer listeners, and real nginx sending an idempotent request to the other
 * replica when one is down or answers 502, but never resending a POST it has sent.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { peerPort, replicaPort, SERVICES, SERVICE_PORTS, type ServiceName } from '@cc/contracts';
import { generateNginxConf, PROXY_NEXT_UPSTREAM } from './nginx';
import { listen } from './nginx.fixtures';
import { closeServers, freePort, makePrefix, nginxTest, removeDir, startNginx, type RunningNginx } from './nginx.harness';

describe('replicaPort and peerPort', () => {
  it('keeps the first replica on SERVICE_PORTS, the second 100 above, peers past every replica', () => {
    expect(SERVICES.map((s) => replicaPort(s, 0))).toEqual(SERVICES.map((s) => SERVICE_PORTS[s]));
    expect(SERVICES.map((s) => replicaPort(s, 1))).toEqual([3101, 3102, 3103, 3104, 3105]);
    expect(SERVICES.map(peerPort)).toEqual([4001, 4002, 4003, 4004, 4005]);
    expect(() => replicaPort('files', 9)).toThrow(RangeError);
  });
});

describe('generated replica config', () => {
  const one = generateNginxConf('local');
  const two = generateNginxConf('local', { replicas: 2 });
  const upstreamBody = (text: string, s: ServiceName) => {
    const block = text.slice(text.indexOf(`upstream svc_${s} {`));
    return block.slice(0, block.indexOf('}'));
  };

  it('lists one server per replica in every service upstream, in a shared zone, never marked down', () => {
    for (const s of SERVICES) {
      const servers = (body: string) => [...body.matchAll(/server 127\.0\.0\.1:(\d+) max_fails=0;/g)].map((m) => Number(m[1]));
      expect({ s, ports: servers(upstreamBody(one, s)) }).toEqual({ s, ports: [replicaPort(s, 0)] });
      expect({ s, ports: servers(upstreamBody(two, s)) }).toEqual({ s, ports: [replicaPort(s, 0), replicaPort(s, 1)] });
      expect(upstreamBody(two, s)).toContain(`zone svc_${s} 64k;`);
    }
  });

  it('retries idempotent requests on the next replica (error, timeout, 502, 503), bounded in tries and time', () => {
    for (const text of [one, two, generateNginxConf('compose')]) {
      expect(text).toContain(`proxy_next_upstream ${PROXY_NEXT_UPSTREAM};`);
      expect(PROXY_NEXT_UPSTREAM.split(' ')).toEqual(expect.arrayContaining(['error', 'timeout', 'http_502', 'http_503']));
      expect(text).not.toContain('non_idempotent');
      expect(text).toMatch(/proxy_next_upstream_tries \d+;/);
      expect(text).toMatch(/proxy_next_upstream_timeout \d+s;/);
    }
  });

  it('listens for peer calls on 127.0.0.1 only with several replicas', () => {
    expect(one).not.toContain('server_name peer_');
    for (const s of SERVICES) expect(two).toContain(`listen 127.0.0.1:${peerPort(s)};\n        server_name peer_${s};`);
    expect(two.match(/^\s*listen 8080;$/gm)).toHaveLength(1);
  });

  it('marks down only the replicas taken out of rotation (a restart in the local stack)', () => {
    const draining = generateNginxConf('local', { replicas: 2, outOfRotation: { files: [0], chat: [1] } });
    expect(upstreamBody(draining, 'files')).toContain(`server 127.0.0.1:${replicaPort('files', 0)} max_fails=0 down;`);
    expect(upstreamBody(draining, 'files')).toContain(`server 127.0.0.1:${replicaPort('files', 1)} max_fails=0;`);
    expect(upstreamBody(draining, 'chat')).toContain(`server 127.0.0.1:${replicaPort('chat', 1)} max_fails=0 down;`);
    expect(draining.match(/ down;/g)).toHaveLength(2);
  });

  it('refuses replica counts it cannot place and replicas on the compose target', () => {
    expect(() => generateNginxConf('local', { replicas: 0 })).toThrow(RangeError);
    expect(() => generateNginxConf('local', { replicas: 10 })).toThrow(RangeError);
    expect(() => generateNginxConf('compose', { replicas: 2 })).toThrow();
  });

  it('passes nginx -t', () => {
    const prefix = makePrefix('t-replicas');
    try {
      writeFileSync(path.join(prefix, 'gateway/nginx.conf'), two);
      const res = nginxTest(prefix, 'gateway/nginx.conf');
      expect(res.output).toContain('test is successful');
      expect(res.ok).toBe(true);
    } finally {
      removeDir(prefix);
    }
  });
});

/** A fake replica: names itself, answers 200 (or 502 when told to), counts what it got. */
interface Replica {
  server: http.Server;
  port: number;
  mode: 'ok' | '502';
  seen: string[];
}

async function replica(): Promise<Replica> {
  const r: Replica = { server: http.createServer(), port: 0, mode: 'ok', seen: [] };
  r.server.on('request', (req, res) => {
    req.resume();
    req.on('end', () => {
      r.seen.push(`${req.method} ${req.url}`);
      res.writeHead(r.mode === 'ok' ? 200 : 502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ port: r.port, status: r.mode === 'ok' ? 200 : 502 }));
    });
  });
  r.port = await listen(r.server);
  return r;
}

describe('real nginx in front of two replicas', () => {
  const replicas = new Map<ServiceName, Replica[]>();
  let prefix: string;
  let nginx: RunningNginx | undefined;
  let base: string;
  let peers: Record<ServiceName, number>;

  beforeAll(async () => {
    const realPort = new Map<number, number>();
    peers = {} as Record<ServiceName, number>;
    for (const s of SERVICES) {
      const pair = [await replica(), await replica()];
      replicas.set(s, pair);
      pair.forEach((r, i) => realPort.set(replicaPort(s, i), r.port));
      peers[s] = await freePort();
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    prefix = makePrefix('replicas');
    const text = generateNginxConf('local', {
      listenPort: port,
      replicas: 2,
      // The config names replicaPort's ports; the fake replicas listen wherever the system put them.
      address: (_c, p) => `127.0.0.1:${realPort.get(p)}`,
      peerPort: (s) => peers[s],
    });
    writeFileSync(path.join(prefix, 'gateway/nginx.conf'), text);
    nginx = await startNginx(prefix, 'gateway/nginx.conf', port);
  });
  afterAll(async () => {
    await nginx?.stop();
    await closeServers([...replicas.values()].flat().map((r) => r.server));
    removeDir(prefix);
  });

  const call = async (method: string, url: string) => {
    const res = await fetch(url, {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    });
    return { status: res.status, body: (await res.json()) as { port?: number } };
  };

  it('spreads requests over both replicas', async () => {
    const [a, b] = replicas.get('coaching')!;
    for (let i = 0; i < 8 && (a!.seen.length === 0 || b!.seen.length === 0); i++) {
      expect((await call('GET', `${base}/planning/todos`)).status).toBe(200);
    }
    expect(a!.seen.length).toBeGreaterThan(0);
    expect(b!.seen.length).toBeGreaterThan(0);
  });

  it('reaches a replicated service on its peer port, any path', async () => {
    const pair = replicas.get('identity')!;
    const res = await call('GET', `http://127.0.0.1:${peers.identity}/auth/session?x=1`);
    expect(res.status).toBe(200);
    expect(pair.map((r) => r.port)).toContain(res.body.port);
    expect(pair.flatMap((r) => r.seen)).toContain('GET /auth/session?x=1');
  });

  it('sends every request to the other replica while one is down (a POST refused at connect was never sent)', async () => {
    const [down, up] = replicas.get('people')!;
    down!.server.closeAllConnections();
    await new Promise((done) => down!.server.close(done));
    for (const method of ['GET', 'POST', 'GET', 'POST', 'DELETE', 'PUT']) {
      const res = await call(method, `${base}/people`);
      expect({ method, status: res.status, port: res.body.port }).toEqual({ method, status: 200, port: up!.port });
    }
    // Its listener is gone: the fake replica is closed for good, as a stopped process is.
    replicas.set('people', [up!]);
  });

  it('retries a GET answered 502 on the other replica, never a POST', async () => {
    const [failing, healthy] = replicas.get('files')!;
    failing!.mode = '502';
    // POSTs first: a 502 on a GET counts against the replica, which nginx then skips for a while.
    const posts: { status: number; port?: number }[] = [];
    for (let i = 0; i < 12 && !posts.some((p) => p.status === 502); i++) {
      const res = await call('POST', `${base}/files`);
      posts.push({ status: res.status, port: res.body.port });
    }
    // A POST that reached the failing replica comes back as its 502: nginx does not send it twice.
    for (const p of posts)
      expect(p).toEqual(p.status === 502 ? { status: 502, port: failing!.port } : { status: 200, port: healthy!.port });
    expect(posts.some((p) => p.status === 502)).toBe(true);
    for (let i = 0; i < 4; i++) {
      const res = await call('GET', `${base}/files`);
      expect({ status: res.status, port: res.body.port }).toEqual({ status: 200, port: healthy!.port });
    }
    const postsSeen = [...failing!.seen, ...healthy!.seen].filter((s) => s.startsWith('POST')).length;
    expect(postsSeen).toBe(posts.length);
  });
});
