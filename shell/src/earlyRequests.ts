/**
 * The requests index.html's inline script sent while the page was parsing, before main.js had
 * arrived (EarlyPageRequestsPlugin in @cc/webpack-config/preload, fed by webpack.config.js): the
 * session probe, on every page, and the page's first reads, by path. The entry chunk takes each
 * once instead of sending its own (session/firstProbe.ts, remotes/firstPageRequest.ts); without
 * the script (tests, the dev server's page) it sends them itself, as before.
 */
export interface EarlyRead {
  /** performance.now() when it left. */
  at: number;
  response: Promise<Response>;
}

export interface EarlyRequests {
  session?: Promise<Response>;
  reads: Record<string, EarlyRead | undefined>;
}

/** The `window` property the inline script fills (webpack.config.js hands it this name). */
export const EARLY_REQUESTS_GLOBAL = '__ccEarly';

/** The session probe's path, sent by the inline script on every page. */
export const SESSION_PROBE_PATH = '/auth/session';

/** What the script left on `window` (the page's globalThis), if it ran. */
function early(): EarlyRequests | undefined {
  return (globalThis as unknown as Record<string, EarlyRequests | undefined>)[EARLY_REQUESTS_GLOBAL];
}

/** The inline script's session probe, once. */
export function takeEarlySession(): Promise<Response> | undefined {
  const requests = early();
  const session = requests?.session;
  if (requests) delete requests.session;
  return session;
}

/** The inline script's read of `path`, once. */
export function takeEarlyRead(path: string): EarlyRead | undefined {
  const requests = early();
  const read = requests?.reads[path];
  if (read) delete requests!.reads[path];
  return read;
}
