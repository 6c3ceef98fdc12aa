/**
 * Real nginx with each gateway config, generated with free ports: one tiny HTTP upstream per
 * service that names itself and echoes what it got, and fake static builds in a temp prefix.
 * - local:   the builds are read from `<prefix>/shell/dist` and `<prefix>/mfe-<name>/dist`.
 * - compose: the same builds are served by one real nginx per app with the generated static
 *            container config (gateway/nginx.static.conf), as the shell / mfe-* containers do.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { API_ROUTES, REMOTES, REQUEST_MESSAGES, type ServiceName } from '@cc/contracts';
import { errorsOf, sendRaw } from './raw-socket';
import { NOT_FOUND_BODY } from './nginx';
import {
  BROWSER_ACCEPT,
  SHELL_HTML,
  SHELL_ASSET,
  SHELL_ASSET_BODY,
  PRECOMPRESSED_ASSET,
  PRECOMPRESSED_BODY,
  PRECOMPRESSED_GZ,
  SAMPLE_PARAMS,
  Echo,
  raw,
  json,
  varyHasAccept,
  Gateway,
  startGateway,
} from './nginx.fixtures';

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

  it('serves the API reference from the shell build, even to a navigation: /openapi.json and /api/docs', async () => {
    for (const accept of [BROWSER_ACCEPT, 'application/json']) {
      const doc = await fetch(`${base}/openapi.json`, { headers: { accept } });
      expect([doc.status, doc.headers.get('content-type'), await doc.text()]).toEqual([200, 'application/json', '{"openapi":"3.1.0"}']);
      for (const page of ['/api/docs', '/api/docs/']) {
        const res = await fetch(`${base}${page}`, { headers: { accept }, redirect: 'manual' });
        expect([page, res.status, await res.text()]).toEqual([page, 200, '<!doctype html><title>API reference</title>']);
      }
    }
    expect(await (await fetch(`${base}/api/other`, { headers: { accept: BROWSER_ACCEPT } })).text()).toBe(SHELL_HTML);
  });

  it('sends the calendar feed to svc-identity even to a navigation, with the address as the browser wrote it', async () => {
    for (const accept of [BROWSER_ACCEPT, 'text/calendar', '*/*']) {
      const res = await fetch(`${base}/calendar/abc.ics`, { headers: { accept } });
      const echo = (await res.json()) as Echo;
      expect([accept, echo.service, echo.url]).toEqual([accept, 'identity', '/calendar/abc.ics']);
      // $host drops the port; the feed's links need it.
      expect(echo.headers['x-forwarded-host']).toBe(new URL(base).host);
    }
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

  it("sends the build's own .gz of an asset as it is, and the plain file to a client without gzip", async () => {
    const res = await raw(port, `/${PRECOMPRESSED_ASSET}`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(PRECOMPRESSED_GZ)).toBe(true);
    const plain = await raw(port, `/${PRECOMPRESSED_ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PRECOMPRESSED_BODY);
  });

  it('forwards the client X-Request-Id to the upstream and returns it, once', async () => {
    const res = await raw(port, '/auth/session', { accept: 'application/json', 'x-request-id': 'req-abc.123' });
    const echo = JSON.parse(res.body.toString()) as Echo;
    expect(echo.requestId).toBe('req-abc.123');
    expect(res.headers['x-request-id']).toBe('req-abc.123');
  });

  it('generates a request id when the client sends none (or an unusable one), upstream and response agree', async () => {
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
    const res = await raw(
      port,
      '/ai_chat/send_message',
      { accept: 'text/event-stream', 'accept-encoding': 'gzip', 'x-test-sse': '1' },
      'POST',
    );
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

  it('rejects bodies over 12 MB with 413 JSON (services enforce their own smaller limits)', async () => {
    const res = await fetch(`${base}/files`, {
      method: 'POST',
      headers: { ...json, 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(13 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ success: false, errors: [REQUEST_MESSAGES.tooLarge] });
  });

  it.each([
    ['an unparseable request target', 'GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400, REQUEST_MESSAGES.badRequest],
    [
      'a request line over 8 KB',
      `GET /files?${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      414,
      REQUEST_MESSAGES.uriTooLong,
    ],
    [
      'a header over 8 KB',
      `GET /files HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(9000)}\r\nConnection: close\r\n\r\n`,
      431,
      REQUEST_MESSAGES.headersTooLarge,
    ],
    [
      'a write to a static file',
      'POST /favicon.svg HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
      405,
      REQUEST_MESSAGES.methodNotAllowed,
    ],
  ])('answers %s with JSON and an errors list, never an HTML page', async (_label, request, status, message) => {
    const answer = await sendRaw(port, request);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(errorsOf(answer)).toEqual([message]);
  });

  it('logs a path by its route pattern: folder names and query strings stay out of the access log', async () => {
    // Each request is marked (earlier tests logged the same patterns). The log is buffered per
    // nginx worker and written at most a second late: wait for each request's own line.
    const stamp = Date.now();
    const [getId, patchId] = [`get-${stamp}`, `patch-${stamp}`];
    await fetch(`${base}/folders/Secret%20Plans?folder=Private%20Folder`, { headers: { ...json, 'x-request-id': getId } });
    await fetch(`${base}/files/reorder`, { method: 'PATCH', headers: { ...json, 'x-request-id': patchId } });
    const logFile = path.join(gw.prefix, '.stack', 'nginx', 'access.log');
    let log = '';
    const lineOf = (rid: string) => log.split('\n').find((line) => line.endsWith(` rid=${rid}`));
    for (let tries = 0; tries < 50 && !(lineOf(getId) && lineOf(patchId)); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      log = readFileSync(logFile, 'utf8');
    }
    expect(lineOf(getId)).toContain('"GET /folders/{folderName}"');
    expect(lineOf(patchId)).toContain('"PATCH /files/reorder"');
    expect(log).not.toMatch(/Secret|Private/);
  });

  it('replaces a client-sent X-Forwarded-For with the address it saw', async () => {
    const res = await fetch(`${base}/auth/sign_in`, { method: 'POST', headers: { ...json, 'x-forwarded-for': '6.6.6.6, 7.7.7.7' } });
    expect(((await res.json()) as Echo).headers['x-forwarded-for']).toBe('127.0.0.1');
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
