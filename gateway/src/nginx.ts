/**
 * The gateway's nginx configuration, generated from the route table in @cc/contracts with
 * the `nginx-conf` package. Pure: no file system, no network; `generate.ts` writes the result.
 *
 * Targets:
 * - `local`   → gateway/nginx.conf: `nginx -p <repo root> -c gateway/nginx.conf` (npm run stack).
 *               Upstreams on 127.0.0.1, static builds read from `shell/dist` and `mfe-<name>/dist`,
 *               pid/logs/temp files under `.stack/nginx/` (that directory must exist).
 * - `compose` → gateway/nginx.compose.conf: the gateway container (official nginx image, run as
 *               the unprivileged `nginx` user on port 8080). Upstreams are the `svc-<name>`
 *               containers; the shell and each remote are proxied to their own static containers.
 * - `static`  → gateway/nginx.static.conf: the server block of every static container (shell and
 *               remotes), installed as /etc/nginx/conf.d/default.conf in the official image.
 *
 * Rules (local and compose):
 * 1. A page navigation (GET/HEAD whose Accept starts with text/html, PAGE_NAV_ACCEPT_REGEX) to any
 *    path outside /mfe/ is rewritten to /index.html: the shell, `Cache-Control: no-cache`.
 * 2. /mfe/<name>/ → that remote's build; hashed assets immutable, everything else no-cache.
 * 3. Every API path → its owner service, one regex location per `routingRules()` entry, in that
 *    order (the exact svc-files sub-paths of /profile before /profile → svc-people), each anchored
 *    with `(/|$)` so `/profile/suggested_folders_x` does not match `suggested_folders`.
 * 4. Anything else: the shell's static files (hashed ones immutable), else 404 JSON.
 */
import {
  IMPORT_MAX_BYTES,
  MAX_LOCAL_REPLICAS,
  PAGE_NAV_ACCEPT_REGEX,
  peerPort,
  REMOTES,
  REPLICA_PORT_STEP,
  STATIC_DOCUMENT_URI_REGEX,
  API_DOCUMENT_URI_REGEX,
  SERVICES,
  SERVICE_PORTS,
  type ServiceName,
} from '@cc/contracts';
import { Block, dq, emptyConf, indentComments, sq } from './nginx-block';
import { buildServer, type ResolvedOptions } from './nginx-server';
import { generateStaticConf } from './nginx-static';
import { ERROR_URI_PREFIX } from './nginx-errors';
import { logPathMap } from './nginx-log';
import {
  appContainer,
  appUpstream,
  DEFAULT_LISTEN_PORT,
  GZIP_TYPES,
  HASHED_ASSET_REGEX,
  IMMUTABLE,
  MIME_TYPES,
  NO_CACHE,
  PROXY_NEXT_UPSTREAM,
  PROXY_NEXT_UPSTREAM_TIMEOUT,
  PROXY_NEXT_UPSTREAM_TRIES,
  serviceContainer,
  serviceUpstream,
  STATIC_CONTAINER_PORT,
  UPSTREAM_MAX_FAILS,
  WORKER_CONNECTIONS,
} from './nginx-constants';

export * from './nginx-constants';
export { ruleLocationRegex } from './nginx-server';
export type NginxTarget = 'local' | 'compose' | 'static';

export const NGINX_TARGETS: readonly NginxTarget[] = ['local', 'compose', 'static'];

/** Where each target is committed, relative to the repo root. */
export const NGINX_CONF_FILES: Record<NginxTarget, string> = {
  local: 'gateway/nginx.conf',
  compose: 'gateway/nginx.compose.conf',
  static: 'gateway/nginx.static.conf',
};

export interface NginxConfOptions {
  /** Port nginx listens on (default 8080; `static`: 80). */
  listenPort?: number;
  /** Upstream port per service (default SERVICE_PORTS). */
  servicePorts?: Partial<Record<ServiceName, number>>;
  /**
   * `host:port` of an upstream, given its container name (`svc-files`, `shell`, `mfe-people`)
   * and its port (the service port; 80 for the static containers). Default: 127.0.0.1 (local),
   * the container name (compose). Tests use it to run the compose config outside Docker.
   */
  address?: (container: string, port: number) => string;
  /**
   * Directory for the pid file, logs and temp files. Default `.stack/nginx` relative to the
   * prefix (local); /tmp plus stdout/stderr in the container (compose). Unused by `static`.
   */
  runtimeDir?: string;
  /** `static`: the directory served (default /usr/share/nginx/html). */
  root?: string;
  /**
   * `local`: processes per service (default 1, the committed config). Replica `i` of a service
   * listens on its port + REPLICA_PORT_STEP × i (replicaPort in @cc/contracts); with more than
   * one, nginx also listens on each service's peerPort for the other services' calls.
   * (Compose scales a service by its name instead: every container behind one `server`.)
   */
  replicas?: number;
  /** With several replicas: the port nginx listens on for calls to a service (default peerPort). */
  peerPort?: (service: ServiceName) => number;
  /**
   * `local`: replicas taken out of rotation (`server … down`) before they are stopped, as an
   * orchestrator removes a pod from its Service's endpoints first (scripts/stack.mjs's restart).
   */
  outOfRotation?: Partial<Record<ServiceName, readonly number[]>>;
}

/** The map key matching a page navigation in `"$request_method:$http_accept"`. */
export function pageNavMapKey(): string {
  return `~*^(GET|HEAD):${PAGE_NAV_ACCEPT_REGEX.replace(/^\^/, '')}`;
}

export function generateNginxConf(target: NginxTarget, options: NginxConfOptions = {}): string {
  if (target === 'static') return generateStaticConf(options);
  const replicas = options.replicas ?? 1;
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_LOCAL_REPLICAS) {
    throw new RangeError(`replicas must be a whole number from 1 to ${MAX_LOCAL_REPLICAS} (got ${replicas})`);
  }
  if (target !== 'local' && replicas !== 1) throw new Error(`replicas is a local-stack option (compose scales by container)`);
  const r: ResolvedOptions = {
    target,
    listenPort: options.listenPort ?? DEFAULT_LISTEN_PORT,
    servicePorts: { ...SERVICE_PORTS, ...options.servicePorts },
    address: options.address ?? (target === 'local' ? (_c, port) => `127.0.0.1:${port}` : (container, port) => `${container}:${port}`),
    runtimeDir: options.runtimeDir,
    replicas,
    peerPort: options.peerPort ?? peerPort,
    outOfRotation: options.outOfRotation ?? {},
  };
  const conf = emptyConf();
  const root = new Block(conf.nginx);
  const header = [
    ` Generated by \`npm run gen:nginx\` (gateway/src/generate.ts) from the route table in`,
    ` packages/contracts. Do not edit by hand. Target: ${target}.`,
    ...(replicas > 1 ? [` Replicas: ${replicas} per service (npm run stack -- --replicas ${replicas}).`] : []),
    ...(target === 'local'
      ? [' Run from the repo root: nginx -p "$PWD" -c gateway/nginx.conf (needs .stack/nginx/).']
      : [' The gateway container (gateway/Dockerfile), run as the unprivileged nginx user.']),
  ];
  conf.nginx._add('worker_processes', 'auto', null, header);

  const run = runtimePaths(r);
  root.d('pid', run.pid);
  // Two descriptors a proxied request (the client's and the upstream's), plus files and logs.
  root.d('worker_rlimit_nofile', WORKER_CONNECTIONS * 2);
  root.d('error_log', `${run.errorLog} warn`);
  if (target === 'local') root.d('daemon', 'off');
  root.b('events', '', (e) => e.d('worker_connections', WORKER_CONNECTIONS));
  root.b('http', '', (http) => buildHttp(http, r, run));
  return indentComments(conf.toString());
}

interface RuntimePaths {
  pid: string;
  errorLog: string;
  accessLog: string;
  temp: (name: string) => string;
  /** compose: what gateway/trusted-proxies.sh writes at the container's start (none: no file). */
  trustedProxies: string;
}

function runtimePaths(r: ResolvedOptions): RuntimePaths {
  const dir = r.runtimeDir ?? (r.target === 'local' ? '.stack/nginx' : undefined);
  if (dir !== undefined) {
    return {
      pid: `${dir}/nginx.pid`,
      errorLog: `${dir}/error.log`,
      accessLog: `${dir}/access.log`,
      temp: (name) => `${dir}/${name}_temp`,
      trustedProxies: `${dir}/trusted-proxies/*.conf`,
    };
  }
  // The official image, run as the `nginx` user: /var/cache/nginx and /run are root-owned.
  return {
    pid: '/tmp/nginx.pid',
    errorLog: 'stderr',
    accessLog: '/dev/stdout',
    temp: (name) => `/tmp/nginx_${name}_temp`,
    trustedProxies: '/tmp/nginx-trusted-proxies/*.conf',
  };
}

function buildHttp(http: Block, r: ResolvedOptions, run: RuntimePaths): void {
  http
    .d('server_tokens', 'off')
    .d('sendfile', 'on')
    .d('tcp_nopush', 'on')
    .d('keepalive_timeout', '65s')
    // nginx closes a client connection after 1,000 requests by default; keep busy clients on one.
    .d('keepalive_requests', 10000)
    .b('types', '', (t) => {
      for (const [type, exts] of MIME_TYPES) t.d(type, exts);
    })
    .d('default_type', 'application/octet-stream')
    .d(
      'log_format',
      `gateway ${sq(
        '$remote_addr - [$time_local] "$request_method $log_path" $status $body_bytes_sent "$http_referer" ' +
          '"$http_user_agent" rt=$request_time uct=$upstream_connect_time urt=$upstream_response_time ' +
          'upstream=$upstream_addr rid=$req_id',
      )}`,
    )
    // One write per second instead of one per request: at thousands of requests a second the
    // unbuffered log was a tenth of nginx's CPU per proxied GET (bench/README.md, gateway overhead).
    .d('access_log', `${run.accessLog} gateway buffer=32k flush=1s`)
    .d('client_body_temp_path', run.temp('client_body'))
    .d('proxy_temp_path', run.temp('proxy'))
    .d('fastcgi_temp_path', run.temp('fastcgi'))
    .d('uwsgi_temp_path', run.temp('uwsgi'))
    .d('scgi_temp_path', run.temp('scgi'))
    .d('client_max_body_size', '12m', 'Services enforce their own smaller limits and answer 413.')
    .d('gzip', 'on')
    .d('gzip_comp_level', 5)
    .d('gzip_min_length', 1024)
    .d('gzip_proxied', 'any')
    .d('gzip_vary', 'on')
    .d('gzip_types', GZIP_TYPES.join(' '))
    // The builds write a .gz beside each asset (precompressed() in @cc/webpack-config/build): sent
    // as it is, where compressing it again for every cold visit took the CPU the page waited on.
    .d('gzip_static', 'on');
  if (r.target === 'compose') {
    // Behind an Ingress or a load balancer: the proxies whose X-Forwarded-For is believed
    // (set_real_ip_from …), from GATEWAY_TRUSTED_PROXIES at the container's start. A glob, so
    // no file (the default) is no directive. Before X-Forwarded-For is replaced with $remote_addr.
    http.d('include', run.trustedProxies);
  }

  // Page navigation: GET/HEAD with Accept starting with text/html (PAGE_NAV_ACCEPT_REGEX).
  http.b('map', '"$request_method:$http_accept" $page_nav', (m) => {
    m.d('default', 0).d(dq(pageNavMapKey()), 1);
  });
  // ... to any path outside /mfe/ (and the static and API documents) gets the shell.
  http.b('map', '"$page_nav$uri" $shell_page', (m) => {
    m.d('default', 0).d(dq(`~^1/(?!mfe/|${ERROR_URI_PREFIX.slice(1)}|${STATIC_DOCUMENT_URI_REGEX}|${API_DOCUMENT_URI_REGEX})`), 1);
  });
  logPathMap(http);
  // Request id: the client's (if it looks like one) or nginx's own.
  http.b('map', '$http_x_request_id $req_id', (m) => {
    m.d('default', '$request_id').d(dq('~^[A-Za-z0-9._:-]{1,128}$'), '$http_x_request_id');
  });
  // Static files: content-hashed names are immutable, everything else is revalidated.
  http.b('map', '$uri $static_cache_control', (m) => {
    m.d('default', dq(NO_CACHE)).d(dq(`~${HASHED_ASSET_REGEX}`), dq(IMMUTABLE));
  });

  for (const s of SERVICES) {
    http.b('upstream', serviceUpstream(s), (u) => {
      // The balancer's state, shared by the workers.
      u.d('zone', `${serviceUpstream(s)} 64k`);
      for (let i = 0; i < r.replicas; i++) {
        const address = r.address(serviceContainer(s), r.servicePorts[s] + REPLICA_PORT_STEP * i);
        const down = r.outOfRotation[s]?.includes(i) ? ' down' : '';
        u.d('server', `${address} max_fails=${UPSTREAM_MAX_FAILS}${down}`);
      }
      u.d('keepalive', 32);
    });
  }
  if (r.target === 'compose') {
    for (const app of ['shell', ...REMOTES] as const) {
      http.b('upstream', appUpstream(app), (u) => {
        u.d('server', r.address(appContainer(app), STATIC_CONTAINER_PORT)).d('keepalive', 8);
      });
    }
  }

  // Inherited by every location (none of them sets its own proxy_set_header).
  http
    .d('proxy_http_version', '1.1')
    // A listing (100 files: 11 KB of JSON) read from the service in one or two reads instead of
    // eight 4 KB ones; a bigger answer still streams through (or spills to proxy_temp_path).
    .d('proxy_buffer_size', '16k')
    .d('proxy_buffers', '8 16k')
    .d('proxy_set_header', 'Connection ""')
    .d('proxy_set_header', 'Host $host')
    // Replaced, not appended to: a client-sent X-Forwarded-For must not pick the address the
    // sign-in limit counts (the kit believes only the last entry).
    .d('proxy_set_header', 'X-Forwarded-For $remote_addr')
    .d('proxy_set_header', 'X-Forwarded-Proto $scheme')
    // The address as the browser wrote it, port included ($host drops it): the calendar feed's links.
    .d('proxy_set_header', 'X-Forwarded-Host $http_host')
    .d('proxy_set_header', 'X-Request-Id $req_id')
    .d('proxy_connect_timeout', '5s')
    .d('proxy_read_timeout', '120s')
    // A replica that is down or stopping: the request goes to the next one (see PROXY_NEXT_UPSTREAM).
    .d('proxy_next_upstream', PROXY_NEXT_UPSTREAM)
    .d('proxy_next_upstream_tries', PROXY_NEXT_UPSTREAM_TRIES)
    .d('proxy_next_upstream_timeout', PROXY_NEXT_UPSTREAM_TIMEOUT);

  http.b('server', '', (server) => buildServer(server, r));
  if (r.replicas > 1) for (const s of SERVICES) http.b('server', '', (server) => buildPeerServer(server, r, s));
}

/**
 * What the other services call a replicated service at (its peerPort, on 127.0.0.1 only): every
 * path to its upstream, so a peer call (a session check, a search fan-out) is spread and retried
 * over the replicas like a browser's. Services enforce their own body limits.
 */
function buildPeerServer(server: Block, r: ResolvedOptions, s: ServiceName): void {
  server.d('listen', `127.0.0.1:${r.peerPort(s)}`).d('server_name', `peer_${s}`);
  server.d('client_max_body_size', `${Math.ceil(IMPORT_MAX_BYTES / (1024 * 1024)) + 1}m`);
  // The caller keeps its own time budget (an import batch: 2 minutes); nginx must not cut it first.
  server.d('proxy_read_timeout', '10m').d('proxy_send_timeout', '10m');
  server.b('location', '/', (l) => l.d('proxy_pass', `http://${serviceUpstream(s)}`));
}
