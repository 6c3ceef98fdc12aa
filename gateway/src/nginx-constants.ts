import { errorBody, type RemoteName, type ServiceName } from '@cc/contracts';

/** Fixed values of the generated nginx configs: headers, bodies, MIME and gzip types, names. */

export const DEFAULT_LISTEN_PORT = 8080;

/** The JSON body of the gateway's own 404. */
export const NOT_FOUND_BODY = errorBody(404);
/** The JSON body when an upstream is down or does not answer in time. */
export const UNAVAILABLE_BODY = errorBody(502);

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A content-hashed build file (`main.3f9c2a1b.js`, `vendors.0a1b2c3d4e5f.css.map`). */
export const HASHED_ASSET_REGEX = '\\.[0-9a-f]{8,}\\.(?:js|mjs|css|woff2?|ttf|otf|eot|png|jpe?g|gif|svg|webp|avif|ico|wasm)(?:\\.map)?$';

/** Path segments whose locations stream Server-Sent Events (no proxy buffering, long reads). */
export const STREAMING_SEGMENTS = ['ai_chat'];

/** Container / upstream naming. */
export const serviceContainer = (s: ServiceName) => `svc-${s}`;
export const appContainer = (app: 'shell' | RemoteName) => (app === 'shell' ? 'shell' : `mfe-${app}`);
export const serviceUpstream = (s: ServiceName) => `svc_${s}`;
export const appUpstream = (app: 'shell' | RemoteName) => `app_${app === 'shell' ? 'shell' : `mfe_${app}`}`;

export const MIME_TYPES: ReadonlyArray<[string, string]> = [
  ['text/html', 'html htm'],
  ['text/css', 'css'],
  ['text/plain', 'txt'],
  ['text/csv', 'csv'],
  ['text/markdown', 'md'],
  ['application/javascript', 'js mjs'],
  ['application/json', 'json map'],
  ['application/manifest+json', 'webmanifest'],
  ['application/wasm', 'wasm'],
  ['application/xml', 'xml'],
  ['image/svg+xml', 'svg svgz'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpg jpeg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/avif', 'avif'],
  ['image/x-icon', 'ico'],
  ['font/woff', 'woff'],
  ['font/woff2', 'woff2'],
  ['font/ttf', 'ttf'],
  ['font/otf', 'otf'],
  ['application/vnd.ms-fontobject', 'eot'],
  ['application/pdf', 'pdf'],
];

/** text/html is always compressed once gzip is on; text/event-stream is deliberately absent. */
export const GZIP_TYPES = [
  'text/css',
  'text/plain',
  'text/csv',
  'text/markdown',
  'text/javascript',
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'application/wasm',
  'image/svg+xml',
];

/**
 * Upstream retries. An upstream whose connection fails, times out or answers 502/503 is replaced
 * by the next replica for an idempotent request; nginx never resends a POST or PATCH it has
 * already sent (one refused at connect, never sent, is safe to send elsewhere).
 *
 * `max_fails=0`: nginx never marks a replica down. Open-source nginx has no health checks, so a
 * replica it marked down stays down for the whole `fail_timeout` even once it is back: a rolling
 * restart that stops the next replica as soon as the last answers /readyz then finds both marked
 * down and every request gets a 502 "no live upstreams" (gateway/src/nginx.restart.test.ts shows
 * it). Without the marking, a stopped replica costs a refused connect and a retry, under a
 * millisecond on one machine.
 */
export const PROXY_NEXT_UPSTREAM = 'error timeout http_502 http_503';
export const PROXY_NEXT_UPSTREAM_TRIES = 3;
export const PROXY_NEXT_UPSTREAM_TIMEOUT = '10s';
export const UPSTREAM_MAX_FAILS = 0;

/** Port of the shell and remote static containers. */
export const STATIC_CONTAINER_PORT = 80;

/**
 * Connections per nginx worker, each client connection and each upstream one counted. 1,024 ran
 * out at 400 simulated users in the rolling-restart check (nginx then resets clients).
 */
export const WORKER_CONNECTIONS = 4096;
