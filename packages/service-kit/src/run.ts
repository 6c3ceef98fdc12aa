import { createServer, type Server } from 'node:http';
import { SERVICE_PORTS } from '@cc/contracts';
import { createApp, type ServiceDefinition, type ServiceApp } from './app';
import { createDb, type Db } from './db';
import { createLogger, type Logger } from './logger';
import { remoteSessionCheck } from './session-check';
import { answerClientErrorsAsJson } from './client-errors';

/** Reads a required secret from the environment; never from a committed default. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set. See .env.example.`);
  }
  return value;
}

/** Closes the server (waiting for requests in flight, at most `graceMs`) then the rest. */
export function onShutdown(log: Logger, server: Server, cleanup: () => Promise<void>, graceMs = 10_000): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      server.closeAllConnections();
    }, graceMs);
    force.unref();
    server.close(() => {
      cleanup()
        .catch((err) => log.error({ err }, 'cleanup failed'))
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
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
    onShutdown(log, server, async () => {
      await service.stop();
      await db.destroy();
    });
    return { service, server, db };
  } catch (err) {
    log.fatal({ err }, 'failed to start');
    process.exit(1);
  }
}
