import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import { createAiProvider, type AiProvider } from '@cc/ai';
import type { ServiceName } from '@cc/contracts';
import { jsonBody } from './body';
import { errorMiddleware } from './errors';
import { createLogger, type Logger } from './logger';
import { ServiceRouter } from './router';
import { sessionMiddleware } from './auth';
import type { SessionCheck } from './session-check';
import { migrate, type Db, type Migration } from './db';
import { createModelCalls, type ModelCalls, type ModelFailureMessages } from './model-calls';
import { kitSettings, parseSettings, type KitSettings, type SettingsSchema } from './settings';
import type { z } from 'zod';

export interface ServiceContext<Settings = unknown> {
  db: Db;
  log: Logger;
  config: ServiceConfig;
  /** The service's settings, parsed from its environment by its schema (and the kit's own). */
  settings: Settings & KitSettings;
  /** The one way to call a model (its provider, the limit, cancellation, failures), in the service's words. */
  modelCalls(messages: ModelFailureMessages): ModelCalls;
  /** Runs `task` beside the routes: started once the migrations ran, stopped before the database closes. */
  background(task: BackgroundTask): void;
}

/** Work a service does beside its requests (a job queue): it needs the migrated tables and an open database. */
export interface BackgroundTask {
  /** Why the task runs, for the log when it fails to start or stop (never user content). */
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** What a service is: its name (also its schema), its settings, its migrations and its routes. */
export interface ServiceDefinition<S extends SettingsSchema = SettingsSchema> {
  name: ServiceName;
  migrations: Migration[];
  /** The environment variables it reads, as a zod object (a bad value stops the start). */
  settings?: S;
  routes: (router: ServiceRouter, context: ServiceContext<z.output<S>>) => void;
  /** Largest JSON body this service accepts (default 2mb); the deployment may lower it. */
  bodyLimit?: string;
  /** The session revocation check this service makes itself (identity owns the sessions). */
  sessionCheck?: (db: Db) => SessionCheck;
}

export interface ServiceConfig {
  sessionSecret: string;
  db: Db;
  logger?: Logger;
  /** Largest JSON body accepted (413 beyond it). */
  bodyLimit?: string;
  /** Revocation check for sessions (see session-check.ts). */
  sessionCheck?: SessionCheck;
  /** Extra settings a service reads (AI endpoint, peer URLs…). */
  env?: Record<string, string | undefined>;
  /** Tests: check every handler's answer against its route's schema (ROUTE_ANSWERS). */
  checkAnswers?: boolean;
  /** Tests: the model every call uses. Default: from the `AI_*` settings of `env` (packages/ai). */
  aiProvider?: AiProvider;
}

export interface ServiceApp {
  name: ServiceName;
  app: Koa;
  router: ServiceRouter;
  context: ServiceContext<unknown>;
  /** Runs migrations, then starts the background tasks; call before serving. */
  ready: () => Promise<void>;
  /** Stops the background tasks; call before closing the database. */
  stop: () => Promise<void>;
  /** The process is stopping: /readyz answers 503 from now on, so no new work is routed here. */
  drain: () => void;
}

export function defineService<S extends SettingsSchema = SettingsSchema>(def: ServiceDefinition<S>): ServiceDefinition<S> {
  return def;
}

export function createApp<S extends SettingsSchema>(def: ServiceDefinition<S>, config: ServiceConfig): ServiceApp {
  const log = config.logger ?? createLogger(`svc-${def.name}`);
  // Services sit behind the gateway, which replaces X-Forwarded-For with the address it saw
  // (nginx: $remote_addr; embedded: the socket's): only that last entry is believed.
  const app = new Koa({ proxy: true, maxIpsCount: 1 });
  // What Koa reports after the answer has started (a streamed body whose reader went away) goes
  // to the service's log, not to the console: a reader leaving a download is not a fault.
  app.on('error', (err: NodeJS.ErrnoException) => {
    const gone = err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE';
    if (gone) log.debug({ code: err.code }, 'the reader went away before the answer ended');
    else log.error({ err }, 'error after the answer started');
  });
  const env = config.env ?? {};
  const settings = {
    ...parseSettings(kitSettings, env, def.name),
    ...(def.settings ? parseSettings(def.settings, env, def.name) : {}),
  } as z.output<S> & KitSettings;
  let provider = config.aiProvider;
  const aiProvider = () => (provider ??= createAiProvider(env));
  const tasks: BackgroundTask[] = [];
  const context: ServiceContext<z.output<S>> = {
    db: config.db,
    log,
    config,
    settings,
    modelCalls: (messages) =>
      createModelCalls({
        db: config.db,
        schema: def.name,
        perMinute: settings.AI_RATE_LIMIT_PER_MINUTE,
        messages,
        provider: aiProvider,
        log,
      }),
    background: (task) => void tasks.push(task),
  };
  const router = new ServiceRouter(def.name, () => config.sessionSecret, config.checkAnswers ?? false);

  app.use(requestContext(log));
  app.use(errorMiddleware());
  let draining = false;
  app.use(healthRoutes(config.db, () => draining));
  app.use(sessionMiddleware(() => config.sessionSecret, config.sessionCheck ?? def.sessionCheck?.(config.db)));
  // A route that declares `upload` parses its multipart body itself (upload.ts).
  // A route with a `bodyLimit` of its own parses its body itself, after the routes are known.
  app.use(jsonBody(config.bodyLimit ?? def.bodyLimit ?? '2mb', (ctx) => router.parsesOwnBody(ctx.method, ctx.path)));

  def.routes(router, context);
  const koaRouter = router.finish();
  app.use(koaRouter.routes());
  app.use(koaRouter.allowedMethods());

  return {
    name: def.name,
    app,
    router,
    context,
    ready: async () => {
      await migrate(config.db, def.name, def.migrations);
      // A task that cannot start (its queue's tables refused) leaves the routes serving without it.
      for (const task of tasks)
        await task.start().catch((err: unknown) => log.error({ err, task: task.name }, 'background task did not start'));
    },
    drain: () => {
      draining = true;
    },
    stop: async () => {
      await Promise.all(
        tasks.map((task) => task.stop().catch((err: unknown) => log.error({ err, task: task.name }, 'background task did not stop'))),
      );
    },
  };
}

const HEALTH_TARGETS = new Set(['/healthz', '/readyz']);

/**
 * What the kit keeps on `ctx.state`: the request id, and a child logger made when something
 * first logs through it (most requests never do; a profile of GET /files showed one made per
 * request). A class, so the lazy logger is one getter on its prototype, not a property defined
 * on every request's object.
 */
class RequestState {
  [key: string]: unknown;
  user?: { id: number };
  private child?: Logger;
  constructor(
    readonly requestId: string,
    private readonly parent: Logger,
  ) {}
  get log(): Logger {
    return (this.child ??= this.parent.child({ reqId: this.requestId }));
  }
  set log(value: Logger) {
    this.child = value;
  }
}

/** Request id (taken from the gateway or made here), the request's logger and one access-log line (only when its level is on). */
function requestContext(log: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const id = ctx.get('x-request-id') || randomUUID();
    ctx.set('X-Request-Id', id);
    const state = new RequestState(id, log);
    ctx.state = state;
    try {
      await next();
    } finally {
      const health = HEALTH_TARGETS.has(ctx.url);
      if (log.isLevelEnabled(health ? 'debug' : 'info')) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        // The route's pattern, not the path: paths carry folder names and dates the user chose.
        const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        const line = {
          method: ctx.method,
          route: typeof route === 'string' ? route : '(no route)',
          status: ctx.status,
          ms,
          user: state.user?.id,
        };
        if (health) log.debug(line, 'request');
        else log.info(line, 'request');
      }
    }
  };
}

/** `/healthz`: the process answers. `/readyz`: it can serve (its database answers) and is not stopping. */
function healthRoutes(db: Db, draining: () => boolean): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET') return next();
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz') {
      if (draining()) {
        ctx.status = 503;
        ctx.body = { status: 'stopping' };
        return;
      }
      try {
        await db.raw('select 1');
        ctx.body = { status: 'ready' };
      } catch {
        ctx.status = 503;
        ctx.body = { status: 'unavailable' };
      }
      return;
    }
    return next();
  };
}
