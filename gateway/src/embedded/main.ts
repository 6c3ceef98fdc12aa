import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES, type ServiceName } from '@cc/contracts';
import { createApp, createDb, createLogger, keepRunningOnUnhandledRejection, SettingsError } from '@cc/service-kit';
import { identityService, identitySessionCheck } from '@cc/svc-identity';
import { filesService } from '@cc/svc-files';
import { coachingService } from '@cc/svc-coaching';
import { peopleService } from '@cc/svc-people';
import { chatService } from '@cc/svc-chat';
import { createGateway } from './gateway';

/**
 * `npm start`: every service's Koa app, the static builds and the gateway in one process on
 * one port, with one shared PGlite database under .data/ (a schema per service).
 */
const started = performance.now();
const root = process.env.APP_ROOT ?? fileURLToPath(new URL('../..', import.meta.url));
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const port = Number(process.env.PORT ?? 8080);
const log = createLogger('embedded', process.env.LOG_LEVEL ?? 'warn');
keepRunningOnUnhandledRejection(log);

mkdirSync(dataDir, { recursive: true });

/** A random signing secret made once per data folder, unless SESSION_SECRET is given. */
function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

const db = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: path.join(dataDir, 'pglite'), log });
const secret = sessionSecret();
const sessionCheck = identitySessionCheck(db);
const definitions = { identity: identityService, files: filesService, coaching: coachingService, people: peopleService, chat: chatService };

// One process answers every path, so a service reads another's data through this gateway
// (svc-chat the people, meetings and planning, svc-people the files, journal and milestones,
// svc-coaching the passages its check-in chat cites) unless told otherwise.
const host = process.env.HOST && process.env.HOST !== '0.0.0.0' ? process.env.HOST : '127.0.0.1';
const self = `http://${host}:${port}`;
const env = {
  ...process.env,
  PEOPLE_URL: process.env.PEOPLE_URL || self,
  FILES_URL: process.env.FILES_URL || self,
  COACHING_URL: process.env.COACHING_URL || self,
  CHAT_URL: process.env.CHAT_URL || self,
};

let apps: ReturnType<typeof createApp>[];
try {
  apps = SERVICES.map((name) =>
    createApp(definitions[name], { sessionSecret: secret, db, logger: log.child({ service: name }), sessionCheck, env }),
  );
} catch (err) {
  // A bad setting: say which and stop, without a stack trace.
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
}
for (const app of apps) await app.ready();

const handlers = Object.fromEntries(apps.map((a) => [a.name, a.app.callback()])) as Record<
  ServiceName,
  ReturnType<(typeof apps)[number]['app']['callback']>
>;
const server = createGateway(root, handlers);
server.keepAliveTimeout = 65_000;

server.on('error', (err: NodeJS.ErrnoException) => {
  console.error(err.code === 'EADDRINUSE' ? `Port ${port} is in use. Set PORT to another port.` : err);
  process.exit(1);
});
server.listen(port, process.env.HOST ?? '127.0.0.1', () => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = process.env.DATABASE_URL ? 'Postgres (DATABASE_URL)' : `PGlite in ${path.relative(root, dataDir) || '.'}/pglite`;
  console.log(`\nCareer workspace ready on http://localhost:${port}  (${seconds}s, data: ${where})\nPress Ctrl-C to stop.\n`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 3000);
  force.unref();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.all(apps.map((app) => app.stop()));
  await db.destroy();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
