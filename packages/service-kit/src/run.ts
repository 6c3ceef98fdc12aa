import { createServer, type Server } from 'node:http';
import { SERVICE_PORTS } from '@cc/contracts';
import { createApp, type ServiceDefinition, type ServiceApp } from './app';
import { createDb, type Db } from './db';
import { createLogger, type Logger } from './logger';
import { remoteSessionCheck } from './session-check';
import { answerClientErrorsAsJson } from './client-errors';
import { drainable, type Drainer, type DrainOptions } from './shutdown';

/** Reads a required secret from the environment; never from a committed default. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set. See .env.example.`);
  }
  return value;
}

/**
 * At SIGTERM (or SIGINT): `onDrain` (readyz → 503), then the server drains (shutdown.ts: no new
 * connections, requests in flight finish, cut at the grace deadline), then `cleanup` (background
 * tasks, the pool) and the process exits.
 */
export function onShutdown(
  log: Logger,
  server: Server,
  cleanup: () => Promise<void>,
  options: DrainOptions & { onDrain?: () => void } = {},
): Drainer {
  const drainer = drainable(server, options);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, inFlight: drainer.inFlight }, 'shutting down');
    options.onDrain?.();
    drainer
      .shutdown()
      .then(({ forced }) => {
        if (forced) log.warn({ forced }, 'requests still running at the grace deadline were cut');
        return cleanup();
      })
      .catch((err: unknown) => log.error({ err }, 'cleanup failed'))
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return drainer;
}

/**
 * A promise some request left unawaited must not end the process (Node's default): it is
 * logged, without its data, and every other request goes on.
 */
export function keepRunningOnUnhandledRejection(log: Logger): void {
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
}

/** The whole `main` of a service process: config from the environment, migrate, listen. */
export async function runService(def: ServiceDefinition): Promise<{ service: ServiceApp; server: Server; db: Db }> {
  const log = createLogger(`svc-${def.name}`);
  keepRunningOnUnhandledRejection(log);
  try {
    const port = Number(process.env.PORT ?? SERVICE_PORTS[def.name]);
    const db = await createDb({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: process.env.PGLITE_DIR ?? `.data/pglite-${def.name}`,
      log,
    });
    const identityUrl = process.env.IDENTITY_URL;
    const service = createApp(def, {
      sessionSecret: requireEnv('SESSION_SECRET'),
      db,
      logger: log,
      sessionCheck: def.name !== 'identity' && identityUrl ? remoteSessionCheck(identityUrl, { db, log }) : undefined,
      env: process.env,
    });
    await service.ready();
    const server = createServer(service.app.callback());
    server.keepAliveTimeout = 65_000;
    answerClientErrorsAsJson(server);
    await new Promise<void>((resolve) => server.listen(port, process.env.HOST ?? '127.0.0.1', resolve));
    log.info({ port }, `svc-${def.name} listening`);
    const { SHUTDOWN_DRAIN_MS, SHUTDOWN_GRACE_MS } = service.context.settings;
    onShutdown(
      log,
      server,
      async () => {
        await service.stop();
        await db.destroy();
      },
      { drainMs: SHUTDOWN_DRAIN_MS, graceMs: SHUTDOWN_GRACE_MS, onDrain: service.drain },
    );
    return { service, server, db };
  } catch (err) {
    log.fatal({ err }, 'failed to start');
    process.exit(1);
  }
}
