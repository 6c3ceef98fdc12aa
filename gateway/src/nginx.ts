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
import { Block, dq, emptyConf, sq } from './nginx-block';
import { ERROR_URI_PREFIX, jsonErrorLocations, jsonErrorPages } from './nginx-errors';
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
  NOT_FOUND_BODY,
  serviceContainer,
  serviceUpstream,
  STREAMING_SEGMENTS,
  UNAVAILABLE_BODY,
} from './nginx-constants';

export * from './nginx-constants';
import {
  PAGE_NAV_ACCEPT_REGEX,
  REMOTES,
  STATIC_DOCUMENT_URI_REGEX,
  SERVICES,
  SERVICE_PORTS,
  routingRules,
  type RoutingRule,
  type ServiceName,
} from '@cc/contracts';

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
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The nginx regex location for one routing rule, anchored with `(/|$)`. */
export function ruleLocationRegex(rule: RoutingRule): string {
  const seg = escapeRegex(rule.segment);
  if (rule.subPaths) return `^/${seg}/(${rule.subPaths.map(escapeRegex).join('|')})(/|$)`;
  return `^/${seg}(/|$)`;
}

/** The map key matching a page navigation in `"$request_method:$http_accept"`. */
export function pageNavMapKey(): string {
  return `~*^(GET|HEAD):${PAGE_NAV_ACCEPT_REGEX.replace(/^\^/, '')}`;
}

interface Resolved {
  target: 'local' | 'compose';
  listenPort: number;
  servicePorts: Record<ServiceName, number>;
  address: (container: string, port: number) => string;
  runtimeDir: string | undefined;
}

/** Port of the shell and remote static containers. */
export const STATIC_CONTAINER_PORT = 80;

export function generateNginxConf(target: NginxTarget, options: NginxConfOptions = {}): string {
  if (target === 'static') return generateStaticConf(options);
  const r: Resolved = {
    target,
    listenPort: options.listenPort ?? DEFAULT_LISTEN_PORT,
    servicePorts: { ...SERVICE_PORTS, ...options.servicePorts },
    address: options.address ?? (target === 'local' ? (_c, port) => `127.0.0.1:${port}` : (container, port) => `${container}:${port}`),
    runtimeDir: options.runtimeDir,
  };
  const conf = emptyConf();
  const root = new Block(conf.nginx);
  const header = [
    ` Generated by \`npm run gen:nginx\` (gateway/src/generate.ts) from the route table in`,
    ` packages/contracts. Do not edit by hand. Target: ${target}.`,
    ...(target === 'local'
      ? [' Run from the repo root: nginx -p "$PWD" -c gateway/nginx.conf (needs .stack/nginx/).']
      : [' The gateway container (gateway/Dockerfile), run as the unprivileged nginx user.']),
  ];
  conf.nginx._add('worker_processes', 'auto', null, header);

  const run = runtimePaths(r);
  root.d('pid', run.pid);
  root.d('error_log', `${run.errorLog} warn`);
  if (target === 'local') root.d('daemon', 'off');
  root.b('events', '', (e) => e.d('worker_connections', 1024));
  root.b('http', '', (http) => buildHttp(http, r, run));
  return indentComments(conf.toString());
}

/** nginx-conf writes comments at column 0; give each the indentation of the line it describes. */
function indentComments(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 2; i >= 0; i--) {
    if (!lines[i]!.startsWith('#')) continue;
    const indent = /^\s*/.exec(lines[i + 1]!)![0];
    lines[i] = indent + lines[i];
  }
  return lines.join('\n');
}

interface RuntimePaths {
  pid: string;
  errorLog: string;
  accessLog: string;
  temp: (name: string) => string;
}

function runtimePaths(r: Resolved): RuntimePaths {
  const dir = r.runtimeDir ?? (r.target === 'local' ? '.stack/nginx' : undefined);
  if (dir !== undefined) {
    return {
      pid: `${dir}/nginx.pid`,
      errorLog: `${dir}/error.log`,
      accessLog: `${dir}/access.log`,
      temp: (name) => `${dir}/${name}_temp`,
    };
  }
  // The official image, run as the `nginx` user: /var/cache/nginx and /run are root-owned.
  return {
    pid: '/tmp/nginx.pid',
    errorLog: 'stderr',
    accessLog: '/dev/stdout',
    temp: (name) => `/tmp/nginx_${name}_temp`,
  };
}

function buildHttp(http: Block, r: Resolved, run: RuntimePaths): void {
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
    .d('access_log', `${run.accessLog} gateway`)
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
    .d('gzip_types', GZIP_TYPES.join(' '));

  // Page navigation: GET/HEAD with Accept starting with text/html (PAGE_NAV_ACCEPT_REGEX).
  http.b('map', '"$request_method:$http_accept" $page_nav', (m) => {
    m.d('default', 0).d(dq(pageNavMapKey()), 1);
  });
  // ... to any path outside /mfe/ gets the shell.
  http.b('map', '"$page_nav$uri" $shell_page', (m) => {
    m.d('default', 0).d(dq(`~^1/(?!mfe/|${ERROR_URI_PREFIX.slice(1)}|${STATIC_DOCUMENT_URI_REGEX})`), 1);
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
      u.d('server', r.address(serviceContainer(s), r.servicePorts[s])).d('keepalive', 32);
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
    .d('proxy_set_header', 'Connection ""')
    .d('proxy_set_header', 'Host $host')
    // Replaced, not appended to: a client-sent X-Forwarded-For must not pick the address the
    // sign-in limit counts (the kit believes only the last entry).
    .d('proxy_set_header', 'X-Forwarded-For $remote_addr')
    .d('proxy_set_header', 'X-Forwarded-Proto $scheme')
    .d('proxy_set_header', 'X-Request-Id $req_id')
    .d('proxy_connect_timeout', '5s')
    .d('proxy_read_timeout', '120s');

  http.b('server', '', (server) => buildServer(server, r));
}

/** Headers every response outside /mfe/ carries (add_header is not inherited once a location sets one). */
function pageHeaders(b: Block, cacheControl?: string): void {
  if (cacheControl) b.d('add_header', `Cache-Control ${cacheControl} always`);
  b.d('add_header', 'Vary Accept always').d('add_header', 'X-Request-Id $req_id always');
}

function buildServer(server: Block, r: Resolved): void {
  server.d('listen', r.listenPort).d('server_name', '_');
  if (r.target === 'local') server.d('root', 'shell/dist');
  server.b('if', '($shell_page)', (i) => i.d('rewrite', '^ /index.html last'));
  // nginx's own errors (a malformed request, a body or URL too long, an upstream down) as
  // JSON with an `errors` list; upstream answers pass through as they are.
  jsonErrorPages(server);

  server.b('location', '= /healthz', (l) => {
    l.d('access_log', 'off')
      .d('default_type', 'application/json')
      .d('add_header', 'Cache-Control no-store always')
      .d('return', `200 ${sq('{"status":"ok"}')}`);
  });

  // The shell's entry document: page navigations are rewritten here.
  server.b('location', '= /index.html', (l) => {
    pageHeaders(l, dq(NO_CACHE));
    if (r.target === 'compose') staticProxy(l, appUpstream('shell'), '');
  });

  // The API reference is a directory of the shell's build: its page without the trailing slash too.
  server.b('location', '= /api/docs', (l) => l.d('rewrite', '^ /api/docs/index.html last'));

  for (const remote of REMOTES) {
    server.b('location', `^~ /mfe/${remote}/`, (l) => {
      l.d('add_header', 'Cache-Control $static_cache_control always').d('add_header', 'X-Request-Id $req_id always');
      if (r.target === 'local') {
        l.d('alias', `${appContainer(remote)}/dist/`);
        jsonErrorPages(l, { notFound: true });
      } else staticProxy(l, appUpstream(remote), '/');
    });
  }

  // POST /profile/generate in deep mode answers when its research job is done (5-15 minutes,
  // docs/ai.md#long-jobs): that one call may wait longer than the default read timeout.
  server.b('location', '= /profile/generate', (l) => {
    l.d('proxy_pass', `http://${serviceUpstream('people')}`);
    l.d('proxy_hide_header', 'X-Request-Id');
    pageHeaders(l);
    l.d('proxy_read_timeout', '20m').d('proxy_send_timeout', '20m');
  });

  for (const rule of routingRules()) {
    const comment = rule.subPaths ? `/${rule.segment} sub-paths owned by svc-${rule.owner} (matched first)` : undefined;
    server.b(
      'location',
      `~ ${dq(ruleLocationRegex(rule))}`,
      (l) => {
        l.d('proxy_pass', `http://${serviceUpstream(rule.owner)}`);
        // The service echoes the id it received; send exactly one X-Request-Id back.
        l.d('proxy_hide_header', 'X-Request-Id');
        pageHeaders(l);
        if (STREAMING_SEGMENTS.includes(rule.segment)) {
          l.d('proxy_buffering', 'off').d('proxy_cache', 'off').d('proxy_read_timeout', '1h').d('proxy_send_timeout', '1h');
        }
      },
      comment,
    );
  }

  // Everything else: the shell's own static files, else 404 JSON.
  server.b('location', '/', (l) => {
    pageHeaders(l, '$static_cache_control');
    if (r.target === 'local') l.d('index', 'index.html').d('try_files', '$uri $uri/ @not_found');
    else staticProxy(l, appUpstream('shell'), '');
  });

  // `types {}`: the JSON content type even for a missing `.js` file.
  server.b('location', '@not_found', (l) => {
    l.b('types', '', () => {}).d('default_type', 'application/json');
    pageHeaders(l, 'no-store');
    l.d('return', `404 ${sq(NOT_FOUND_BODY)}`);
  });
  server.b('location', '@unavailable', (l) => {
    l.b('types', '', () => {}).d('default_type', 'application/json');
    pageHeaders(l, 'no-store');
    l.d('return', `502 ${sq(UNAVAILABLE_BODY)}`);
  });
  jsonErrorLocations(server, (l) => pageHeaders(l, 'no-store'));
}

/** Proxy to a static container (compose); its 404s become the gateway's JSON 404. */
function staticProxy(l: Block, upstream: string, uri: string): void {
  l.d('proxy_pass', `http://${upstream}${uri}`).d('proxy_hide_header', 'Cache-Control').d('proxy_intercept_errors', 'on');
  jsonErrorPages(l, { notFound: true });
}

/** The server block of a static container (official nginx image, conf.d/default.conf). */
function generateStaticConf(options: NginxConfOptions): string {
  const conf = emptyConf();
  const root = new Block(conf.nginx);
  conf.nginx._add(
    'map',
    '$uri $static_cache_control',
    [],
    [
      ` Generated by \`npm run gen:nginx\` (gateway/src/generate.ts). Do not edit by hand.`,
      ` Static container of the shell or a remote: /etc/nginx/conf.d/default.conf in nginx:alpine.`,
      ` The gateway proxies /mfe/<name>/ here with the prefix stripped, and sets the same headers.`,
    ],
  );
  const map = conf.nginx.map?.[0];
  if (!map) throw new Error('nginx-conf did not add map');
  new Block(map).d('default', dq(NO_CACHE)).d(dq(`~${HASHED_ASSET_REGEX}`), dq(IMMUTABLE));
  root.b('server', '', (s) => {
    s.d('listen', options.listenPort ?? STATIC_CONTAINER_PORT)
      .d('server_name', '_')
      .d('server_tokens', 'off')
      .d('root', options.root ?? '/usr/share/nginx/html')
      .d('index', 'index.html');
    s.b('location', '= /healthz', (l) => {
      l.d('access_log', 'off')
        .d('default_type', 'application/json')
        .d('return', `200 ${sq('{"status":"ok"}')}`);
    });
    s.b('location', '/', (l) => {
      l.d('try_files', '$uri $uri/ =404').d('add_header', 'Cache-Control $static_cache_control always');
    });
  });
  return indentComments(conf.toString());
}
