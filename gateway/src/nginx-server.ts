/**
 * The gateway's server block (local and compose): the health check, the shell's entry document
 * for page navigations, each remote's build under /mfe/<name>/, one location per routing rule of
 * the route table to its owner service, the shell's static files, and the JSON error answers.
 */
import { IMPORT_MAX_BYTES, routingRules, REMOTES, type RoutingRule, type ServiceName } from '@cc/contracts';
import { Block, dq, sq } from './nginx-block';
import { jsonErrorLocations, jsonErrorPages } from './nginx-errors';
import {
  appContainer,
  appUpstream,
  NO_CACHE,
  NOT_FOUND_BODY,
  serviceUpstream,
  STREAMING_SEGMENTS,
  UNAVAILABLE_BODY,
} from './nginx-constants';

/** The options of a gateway target, with their defaults filled in. */
export interface ResolvedOptions {
  target: 'local' | 'compose';
  listenPort: number;
  servicePorts: Record<ServiceName, number>;
  address: (container: string, port: number) => string;
  runtimeDir: string | undefined;
  /** Processes per service (local): one upstream `server` each, on replicaPort's spacing. */
  replicas: number;
  /** With several replicas: where the other services reach each one (peerPort). */
  peerPort: (service: ServiceName) => number;
  /** Replicas marked `down` (being restarted). */
  outOfRotation: Partial<Record<ServiceName, readonly number[]>>;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The nginx regex location for one routing rule, anchored with `(/|$)`. */
export function ruleLocationRegex(rule: RoutingRule): string {
  const seg = escapeRegex(rule.segment);
  if (rule.subPaths) return `^/${seg}/(${rule.subPaths.map(escapeRegex).join('|')})(/|$)`;
  return `^/${seg}(/|$)`;
}

/** Headers every response outside /mfe/ carries (add_header is not inherited once a location sets one). */
function pageHeaders(b: Block, cacheControl?: string): void {
  if (cacheControl) b.d('add_header', `Cache-Control ${cacheControl} always`);
  b.d('add_header', 'Vary Accept always').d('add_header', 'X-Request-Id $req_id always');
}

export function buildServer(server: Block, r: ResolvedOptions): void {
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

  // POST /import takes a zip of up to 100 MB (docs/import.md), past the 12 MB every other call
  // is held to; it goes to svc-chat as it arrives. GET /export streams a zip as it is written:
  // unbuffered, so the browser's progress bar moves with it (docs/export.md).
  server.b('location', '= /import', (l) => {
    l.d('proxy_pass', `http://${serviceUpstream('chat')}`);
    l.d('proxy_hide_header', 'X-Request-Id');
    pageHeaders(l);
    l.d('client_max_body_size', `${Math.ceil(IMPORT_MAX_BYTES / (1024 * 1024)) + 1}m`);
    l.d('proxy_request_buffering', 'off').d('proxy_read_timeout', '10m').d('proxy_send_timeout', '10m');
  });
  server.b('location', '= /export', (l) => {
    l.d('proxy_pass', `http://${serviceUpstream('chat')}`);
    l.d('proxy_hide_header', 'X-Request-Id');
    pageHeaders(l);
    l.d('proxy_buffering', 'off').d('proxy_read_timeout', '10m').d('proxy_send_timeout', '10m');
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
