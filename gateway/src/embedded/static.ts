import path from 'node:path';
import { existsSync } from 'node:fs';
import Koa from 'koa';
import serve from 'koa-static';
import { errorMiddleware } from '@cc/service-kit';

/** Hashed file names (`main.3f2a9c1b.js`) never change: cache them for a year. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|svg|png|jpg|woff2?|map)$/;

function cacheHeaders(res: { setHeader: (k: string, v: string) => void }, file: string) {
  const name = path.basename(file);
  if (HASHED.test(name)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/** Serves one static build the way the nginx gateway does (same cache rules). */
export function staticApp(dir: string, opts: { fallbackIndex?: boolean } = {}): Koa {
  const app = new Koa();
  // koa-send's own refusals (403 for a path outside the build, 400 for a bad escape) as JSON.
  app.use(errorMiddleware());
  app.use(serve(dir, { index: 'index.html', setHeaders: cacheHeaders, gzip: false, brotli: false }));
  app.use(async (ctx) => {
    if (opts.fallbackIndex && ctx.method === 'GET') {
      await sendIndex(ctx, dir);
      return;
    }
    ctx.status = 404;
  });
  return app;
}

export async function sendIndex(ctx: Koa.Context, dir: string): Promise<void> {
  const file = path.join(dir, 'index.html');
  if (!existsSync(file)) {
    ctx.status = 503;
    ctx.type = 'text/plain';
    ctx.body = `The app is not built yet (${file} is missing). Run npm start or npm run build.`;
    return;
  }
  const { createReadStream } = await import('node:fs');
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('Vary', 'Accept');
  ctx.type = 'text/html';
  ctx.body = createReadStream(file);
}
