/**
 * Real nginx with each gateway config, generated with free ports: one tiny HTTP upstream per
 * service that names itself and echoes what it got, and fake static builds in a temp prefix.
 * - local:   the builds are read from `<prefix>/shell/dist` and `<prefix>/mfe-<name>/dist`.
 * - compose: the same builds are served by one real nginx per app with the generated static
 *            container config (gateway/nginx.static.conf), as the shell / mfe-* containers do.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { API_ROUTES, REMOTES, SERVICES, type ServiceName } from '@cc/contracts';
import { generateNginxConf, NOT_FOUND_BODY } from './nginx';
import { freePort, makePrefix, removeDir, startNginx, writeTree, type RunningNginx } from './nginx.harness';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const SHELL_HTML = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>\n';
const SHELL_ASSET = 'main.0123abcd4567ef89.js';
const SHELL_ASSET_BODY = Array.from({ length: 4000 }, (_, i) => `console.log("line ${i}");`).join('\n');
const SAMPLE_PARAMS: Record<string, string> = { id: '42', folderName: 'Work%20notes', date: '2026-01-05' };

interface Echo {
  service: ServiceName;
  method: string;
  url: string;
  requestId: string | undefined;
  httpVersion: string;
  headers: http.IncomingHttpHeaders;
  bodyLength: number;
}

function upstream(service: ServiceName): http.Server {
  return http.createServer((req, res) => {
    let bodyLength = 0;
    req.on('data', (chunk: Buffer) => (bodyLength += chunk.length));
    req.on('end', () => {
      const requestId = req.headers['x-request-id'] as string | undefined;
      if (req.headers['x-test-sse']) {
        // Server-Sent Events: one event now, the rest later; nginx must not buffer or gzip them.
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-request-id': requestId ?? '' });
        res.write(`data: ${'first '.repeat(400)}\n\n`);
        setTimeout(() => res.end(`data: ${'last '.repeat(400)}\n\n`), 400);
        return;
      }
      const echo: Echo = { service, method: req.method!, url: req.url!, requestId, httpVersion: req.httpVersion, headers: req.headers, bodyLength };
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': requestId ?? '' });
      res.end(JSON.stringify(echo));
    });
  });
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw request (no automatic decompression), for headers such as Content-Encoding. */
function raw(port: number, pathname: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; firstChunkAt: number; endAt: number }>(
    (resolve, reject) => {
      const started = Date.now();
      const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        let firstChunkAt = -1;
        res.on('data', (c: Buffer) => {
          if (firstChunkAt < 0) firstChunkAt = Date.now() - started;
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), firstChunkAt, endAt: Date.now() - started }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const json = { accept: 'application/json' };
const varyHasAccept = (res: Response) =>
  (res.headers.get('vary') ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .includes('accept');

/** The fake builds: `shell/dist/...` and `mfe-<name>/dist/...`, relative to the prefix. */
function fakeBuilds(): Record<string, string> {
  const files: Record<string, string> = {
    'shell/dist/index.html': SHELL_HTML,
    [`shell/dist/${SHELL_ASSET}`]: SHELL_ASSET_BODY,
    'shell/dist/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const r of REMOTES) {
    files[`mfe-${r}/dist/remoteEntry.js`] = `var ${r}; /* remote entry of ${r} */`;
    files[`mfe-${r}/dist/index.html`] = `<!doctype html><title>${r}</title>`;
    files[`mfe-${r}/dist/src_App_tsx.89abcdef01.js`] = `/* chunk of ${r} */`;
  }
  return files;
}

interface Gateway {
  port: number;
  base: string;
  prefix: string;
  upstreams: Map<ServiceName, http.Server>;
  /** compose: the static containers, by container name, and their ports. */
  statics: Map<string, number>;
  stop(): Promise<void>;
}

async function startGateway(target: 'local' | 'compose'): Promise<Gateway> {
  const prefix = makePrefix(`behaviour-${target}`);
  const upstreams = new Map<ServiceName, http.Server>();
  const running: RunningNginx[] = [];
  const statics = new Map<string, number>();
  const stop = async () => {
    for (const n of running.reverse()) await n.stop();
    for (const server of upstreams.values()) {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    removeDir(prefix);
  };
  try {
    const servicePorts = {} as Record<ServiceName, number>;
    for (const s of SERVICES) {
      const server = upstream(s);
      upstreams.set(s, server);
      servicePorts[s] = await listen(server);
    }
    writeTree(prefix, fakeBuilds());
    const port = await freePort();
    if (target === 'local') {
      writeFileSync(path.join(prefix, 'gateway/nginx.conf'), generateNginxConf('local', { listenPort: port, servicePorts }));
      running.push(await startNginx(prefix, 'gateway/nginx.conf', port));
    } else {
      for (const app of ['shell', ...REMOTES.map((r) => `mfe-${r}`)]) {
        const appPort = await freePort();
        statics.set(app, appPort);
        const dir = path.join(prefix, 'static', app);
        const text = generateNginxConf('static', { listenPort: appPort, root: path.join(prefix, app, 'dist') });
        writeTree(dir, { 'default.conf': text, 'nginx.conf': staticWrapper(dir) });
        running.push(await startNginx(prefix, `static/${app}/nginx.conf`, appPort, ['-g', 'daemon off;']));
      }
      const conf = generateNginxConf('compose', {
        listenPort: port,
        servicePorts,
        address: (container, p) => `127.0.0.1:${statics.get(container) ?? p}`,
        runtimeDir: path.join(prefix, '.stack/nginx'),
      });
      writeFileSync(path.join(prefix, 'gateway/nginx.compose.conf'), conf);
      // As the nginx image runs it: `nginx -g 'daemon off;'`.
      running.push(await startNginx(prefix, 'gateway/nginx.compose.conf', port, ['-g', 'daemon off;']));
    }
    return { port, base: `http://127.0.0.1:${port}`, prefix, upstreams, statics, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The http context the nginx image gives conf.d/default.conf, reduced to what the test needs. */
function staticWrapper(dir: string): string {
  return [
    `pid ${dir}/nginx.pid;`,
    'worker_processes 1;',
    'events {}',
    'http {',
    '  types { text/html html; text/css css; application/javascript js; image/svg+xml svg; }',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t}_temp;`),
    `  include ${dir}/default.conf;`,
    '}',
    '',
  ].join('\n');
}

describe.each(['local', 'compose'] as const)('gateway (real nginx, %s config)', (target) => {
  let gw: Gateway;
  let base: string;
  let port: number;
  let upstreams: Map<ServiceName, http.Server>;

  beforeAll(async () => {
    gw = await startGateway(target);
    ({ base, port, upstreams } = gw);
  });
  afterAll(async () => {
    await gw?.stop();
  });

  it('answers its own /healthz', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('routes every method+path of the route table to its owner service', async () => {
    const results = await Promise.all(
      API_ROUTES.map(async (route) => {
        const pathname = route.path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'sample');
        const hasBody = route.method !== 'GET';
        const res = await fetch(`${base}${pathname}?q=1`, {
          method: route.method,
          headers: { ...json, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          body: hasBody ? '{"probe":true}' : undefined,
        });
        const echo = (await res.json()) as Echo;
        return {
          route: `${route.method} ${route.path}`,
          status: res.status,
          service: echo.service,
          method: echo.method,
          url: echo.url,
          vary: varyHasAccept(res),
          expected: { service: route.owner, url: `${pathname}?q=1` },
        };
      }),
    );
    for (const r of results) {
      expect({ route: r.route, status: r.status, service: r.service, method: r.method, url: r.url, vary: r.vary }).toEqual({
        route: r.route,
        status: 200,
        service: r.expected.service,
        method: r.route.split(' ')[0],
        url: r.expected.url,
        vary: true,
      });
    }
  });

  it.each(['/people', '/planning/all_todos', '/journal/2026-01-05', '/dashboard', '/', '/sign-in', '/people/42', '/profile'])(
    'a browser navigation to %s gets the shell (no-cache, Vary: Accept)',
    async (pathname) => {
      const res = await fetch(`${base}${pathname}`, { headers: { accept: BROWSER_ACCEPT } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(SHELL_HTML);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(varyHasAccept(res)).toBe(true);
    },
  );

  it('a HEAD navigation gets the shell too', async () => {
    const res = await fetch(`${base}/planning`, { method: 'HEAD', headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(SHELL_HTML));
  });

  it('JSON (and */*) GETs and non-GET requests on page paths reach the service', async () => {
    for (const accept of ['application/json', '*/*', 'application/json, text/html']) {
      const res = await fetch(`${base}/people`, { headers: { accept } });
      expect(((await res.json()) as Echo).service).toBe('people');
      expect(varyHasAccept(res)).toBe(true);
    }
    const post = await fetch(`${base}/people`, {
      method: 'POST',
      headers: { accept: BROWSER_ACCEPT, 'content-type': 'application/json' },
      body: '{"person":{"full_name":"Ada"}}',
    });
    expect(((await post.json()) as Echo).service).toBe('people');
    const journal = await fetch(`${base}/journal/2026-01-05`, { headers: json });
    expect(((await journal.json()) as Echo).service).toBe('files');
  });

  it('splits /profile: svc-files exact sub-paths, the rest to svc-people', async () => {
    const owner = async (p: string) => ((await (await fetch(`${base}${p}`, { headers: json })).json()) as Echo).service;
    expect(await owner('/profile/suggested_folders')).toBe('files');
    expect(await owner('/profile/suggested_folders/')).toBe('files');
    expect(await owner('/profile/file_draft_prompt')).toBe('files');
    expect(await owner('/profile/suggested_folders_x')).toBe('people');
    expect(await owner('/profile')).toBe('people');
    expect(await owner('/profile/generation_prompt')).toBe('people');
    expect(await owner('/profilex')).toBeUndefined(); // not an API path: 404 JSON
  });

  it('serves remotes under /mfe/<name>/: remoteEntry.js and index.html no-cache, hashed chunks immutable', async () => {
    for (const r of REMOTES) {
      const entry = await fetch(`${base}/mfe/${r}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(await entry.text()).toContain(`remote entry of ${r}`);
      expect(entry.headers.get('content-type')).toMatch(/javascript/);
      expect(entry.headers.get('cache-control')).toBe('no-cache');

      const chunk = await fetch(`${base}/mfe/${r}/src_App_tsx.89abcdef01.js`);
      expect(chunk.status).toBe(200);
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

      const index = await fetch(`${base}/mfe/${r}/`);
      expect(await index.text()).toContain(`<title>${r}</title>`);
      expect(index.headers.get('cache-control')).toBe('no-cache');
    }
    // A navigation inside /mfe/ is not rerouted to the shell.
    const nav = await fetch(`${base}/mfe/dashboard/remoteEntry.js`, { headers: { accept: BROWSER_ACCEPT } });
    expect(await nav.text()).toContain('remote entry of dashboard');
    const missing = await fetch(`${base}/mfe/dashboard/nope.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(NOT_FOUND_BODY);
  });

  it('serves the shell: hashed assets immutable, other files no-cache', async () => {
    const asset = await fetch(`${base}/${SHELL_ASSET}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const favicon = await fetch(`${base}/favicon.svg`);
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml');
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
    const index = await fetch(`${base}/index.html`, { headers: json });
    expect(await index.text()).toBe(SHELL_HTML);
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  it('gzips a large JS asset when the client accepts gzip', async () => {
    const res = await raw(port, `/${SHELL_ASSET}`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SHELL_ASSET_BODY) / 2);
    expect(zlib.gunzipSync(res.body).toString()).toBe(SHELL_ASSET_BODY);
    const plain = await raw(port, `/${SHELL_ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('forwards the client X-Request-Id to the upstream and returns it, once', async () => {
    const res = await raw(port, '/auth/session', { accept: 'application/json', 'x-request-id': 'req-abc.123' });
    const echo = JSON.parse(res.body.toString()) as Echo;
    expect(echo.requestId).toBe('req-abc.123');
    expect(res.headers['x-request-id']).toBe('req-abc.123');
  });

  it("generates a request id when the client sends none (or an unusable one), upstream and response agree", async () => {
    for (const headers of [{}, { 'x-request-id': 'bad id with spaces' }]) {
      const res = await raw(port, '/folders', { accept: 'application/json', ...headers });
      const echo = JSON.parse(res.body.toString()) as Echo;
      expect(echo.requestId).toMatch(/^[0-9a-f]{32}$/);
      expect(res.headers['x-request-id']).toBe(echo.requestId);
    }
    const notFound = await raw(port, '/nope', { accept: 'application/json' });
    expect(notFound.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('proxies with HTTP/1.1 keepalive and forwarding headers', async () => {
    const res = await fetch(`${base}/meetings/7`, { headers: json });
    const echo = (await res.json()) as Echo;
    expect(echo.service).toBe('people');
    expect(echo.httpVersion).toBe('1.1');
    expect(echo.headers.connection).toBeUndefined();
    expect(echo.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    expect(echo.headers.host).toBe('127.0.0.1');
  });

  it('streams Server-Sent Events from /ai_chat unbuffered and uncompressed', async () => {
    const res = await raw(port, '/ai_chat/send_message', { accept: 'text/event-stream', 'accept-encoding': 'gzip', 'x-test-sse': '1' }, 'POST');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('data: first');
    expect(res.body.toString()).toContain('data: last');
    expect(res.firstChunkAt).toBeLessThan(res.endAt - 250);
  });

  it('answers unknown paths with 404 JSON', async () => {
    for (const [method, p] of [
      ['GET', '/nope'],
      ['POST', '/nope'],
      ['GET', '/mfe/unknown/remoteEntry.js'],
    ] as const) {
      const res = await fetch(`${base}${p}`, { method, headers: json });
      expect({ method, p, status: res.status }).toEqual({ method, p, status: 404 });
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toEqual({ success: false, errors: ['Not found'] });
    }
  });

  it('rejects bodies over 12 MB with 413 (services enforce their own smaller limits)', async () => {
    const res = await fetch(`${base}/files`, {
      method: 'POST',
      headers: { ...json, 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(13 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });

  it('compose: each static container answers /healthz and sets the same cache headers', async () => {
    if (target !== 'compose') return;
    expect([...gw.statics.keys()].sort()).toEqual(['shell', ...REMOTES.map((r) => `mfe-${r}`)].sort());
    for (const [app, appPort] of gw.statics) {
      const health = await fetch(`http://127.0.0.1:${appPort}/healthz`);
      expect({ app, status: health.status }).toEqual({ app, status: 200 });
      const index = await fetch(`http://127.0.0.1:${appPort}/`);
      expect(index.headers.get('cache-control')).toBe('no-cache');
      const asset = app === 'shell' ? `/${SHELL_ASSET}` : '/src_App_tsx.89abcdef01.js';
      const hashed = await fetch(`http://127.0.0.1:${appPort}${asset}`);
      expect({ app, cc: hashed.headers.get('cache-control') }).toEqual({ app, cc: 'public, max-age=31536000, immutable' });
      expect((await fetch(`http://127.0.0.1:${appPort}/nope.js`)).status).toBe(404);
    }
  });

  it('answers 502 JSON when a service is down', async () => {
    const chat = upstreams.get('chat')!;
    chat.closeAllConnections();
    await new Promise((r) => chat.close(r));
    const res = await fetch(`${base}/ai_chat/status`, { headers: json });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
    expect(varyHasAccept(res)).toBe(true);
  });
});
