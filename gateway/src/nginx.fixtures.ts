/** Fixtures for nginx.behaviour.test.ts: fake upstreams, fake builds and a running gateway. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { REMOTES, SERVICES, type ServiceName } from '@cc/contracts';
import { generateNginxConf } from './nginx';
import { freePort, makePrefix, removeDir, startNginx, writeTree, type RunningNginx } from './nginx.harness';
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
export const SHELL_HTML = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>\n';
export const SHELL_ASSET = 'main.0123abcd4567ef89.js';
export const SHELL_ASSET_BODY = Array.from({ length: 4000 }, (_, i) => `console.log("line ${i}");`).join('\n');
/** A hashed asset with the build's gzip copy beside it (precompressed() in @cc/webpack-config/build). */
export const PRECOMPRESSED_ASSET = 'boot.fedcba9876543210.js';
export const PRECOMPRESSED_BODY = Array.from({ length: 3000 }, (_, i) => `window.step${i} = ${i};`).join('\n');
/** Its .gz as the build writes it: level 9, with a file name in the header no on-the-fly gzip writes. */
export const PRECOMPRESSED_GZ = (() => {
  const gz = zlib.gzipSync(PRECOMPRESSED_BODY, { level: 9 });
  // FNAME flag and a name: bytes nginx's own gzip filter never makes, so the test can tell which was sent.
  const name = Buffer.from(`${PRECOMPRESSED_ASSET}\0`);
  return Buffer.concat([gz.subarray(0, 3), Buffer.from([gz[3]! | 0x08]), gz.subarray(4, 10), name, gz.subarray(10)]);
})();
export const SAMPLE_PARAMS: Record<string, string> = { id: '42', folderName: 'Work%20notes', date: '2026-01-05' };

export interface Echo {
  service: ServiceName;
  method: string;
  url: string;
  requestId: string | undefined;
  httpVersion: string;
  headers: http.IncomingHttpHeaders;
  bodyLength: number;
}

export function upstream(service: ServiceName): http.Server {
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
      const echo: Echo = {
        service,
        method: req.method!,
        url: req.url!,
        requestId,
        httpVersion: req.httpVersion,
        headers: req.headers,
        bodyLength,
      };
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': requestId ?? '' });
      res.end(JSON.stringify(echo));
    });
  });
}

export async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw request (no automatic decompression), for headers such as Content-Encoding. */
export function raw(port: number, pathname: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') {
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
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks),
            firstChunkAt,
            endAt: Date.now() - started,
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

export const json = { accept: 'application/json' };
export const varyHasAccept = (res: Response) =>
  (res.headers.get('vary') ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .includes('accept');

/** The fake builds: `shell/dist/...` and `mfe-<name>/dist/...`, relative to the prefix. */
export function fakeBuilds(): Record<string, string | Buffer> {
  const files: Record<string, string | Buffer> = {
    'shell/dist/index.html': SHELL_HTML,
    [`shell/dist/${SHELL_ASSET}`]: SHELL_ASSET_BODY,
    [`shell/dist/${PRECOMPRESSED_ASSET}`]: PRECOMPRESSED_BODY,
    [`shell/dist/${PRECOMPRESSED_ASSET}.gz`]: PRECOMPRESSED_GZ,
    'shell/dist/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'shell/dist/openapi.json': '{"openapi":"3.1.0"}',
    'shell/dist/api/docs/index.html': '<!doctype html><title>API reference</title>',
  };
  for (const r of REMOTES) {
    files[`mfe-${r}/dist/remoteEntry.js`] = `var ${r}; /* remote entry of ${r} */`;
    files[`mfe-${r}/dist/index.html`] = `<!doctype html><title>${r}</title>`;
    files[`mfe-${r}/dist/src_App_tsx.89abcdef01.js`] = `/* chunk of ${r} */`;
  }
  return files;
}

export interface Gateway {
  port: number;
  base: string;
  prefix: string;
  upstreams: Map<ServiceName, http.Server>;
  /** compose: the static containers, by container name, and their ports. */
  statics: Map<string, number>;
  stop(): Promise<void>;
}

export async function startGateway(target: 'local' | 'compose'): Promise<Gateway> {
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
export function staticWrapper(dir: string): string {
  return [
    `pid ${dir}/nginx.pid;`,
    'worker_processes 1;',
    'events {}',
    'http {',
    '  types { text/html html; text/css css; application/javascript js; application/json json; image/svg+xml svg; }',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t}_temp;`),
    `  include ${dir}/default.conf;`,
    '}',
    '',
  ].join('\n');
}
