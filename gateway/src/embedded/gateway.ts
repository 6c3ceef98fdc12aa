import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import Koa from 'koa';
import { errorBody, isApiDocument, isPageNavigation, isStaticDocument, ownerOfPath, REMOTES, type ServiceName } from '@cc/contracts';
import { answerClientErrorsAsJson, errorMiddleware } from '@cc/service-kit';
import { sendIndex, staticApp } from './static';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The embedded gateway: the same decisions as the generated nginx config (page navigations
 * → the shell's index.html, /mfe/<name>/ → that remote's build, API paths → their owner by
 * the route table), with every service's Koa app in this one process.
 */
export function createGateway(root: string, services: Record<ServiceName, Handler>): Server {
  const shellDir = path.join(root, 'shell', 'dist');
  const shellIndex = new Koa();
  shellIndex.use(errorMiddleware());
  shellIndex.use(async (ctx) => sendIndex(ctx, shellDir));
  const pages = shellIndex.callback();
  const shellAssets = staticApp(shellDir, { fallbackIndex: false }).callback();
  const remotes = new Map<string, Handler>(REMOTES.map((name) => [name, staticApp(path.join(root, `mfe-${name}`, 'dist')).callback()]));

  const route = (req: IncomingMessage, res: ServerResponse) => {
    const url = parseTarget(req.url);
    if (!url) {
      sendError(res, 400);
      return;
    }
    // As nginx does: the services believe only the address the gateway saw.
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const pathname = url.pathname;
    if (pathname === '/healthz') {
      res.setHeader('content-type', 'application/json');
      res.end('{"status":"ok"}');
      return;
    }
    const mfe = /^\/mfe\/([a-z]+)(\/.*)$/.exec(pathname);
    if (mfe && remotes.has(mfe[1]!)) {
      req.url = mfe[2]! + url.search;
      remotes.get(mfe[1]!)!(req, res);
      return;
    }
    res.setHeader('Vary', 'Accept');
    if (isStaticDocument(pathname)) {
      shellAssets(req, res);
      return;
    }
    if (isPageNavigation(req.method ?? 'GET', req.headers.accept) && !isApiDocument(pathname)) {
      pages(req, res);
      return;
    }
    const owner = ownerOfPath(pathname);
    if (owner) {
      services[owner](req, res);
      return;
    }
    shellAssets(req, res);
  };

  const server = createServer((req, res) => {
    try {
      route(req, res);
    } catch {
      // No request may take the process (and every service in it) down.
      if (!res.headersSent) sendError(res, 500);
      else res.destroy();
    }
  });
  answerClientErrorsAsJson(server);
  return server;
}

/** The request target as a URL, or null when it is not one (`http://[`, a bare `*`). */
function parseTarget(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', 'http://gateway');
  } catch {
    return null;
  }
}

function sendError(res: ServerResponse, status: number): void {
  const body = errorBody(status);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
