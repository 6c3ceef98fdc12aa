import Router, { type RouterMiddleware, type RouterContext } from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import {
  answerSchemaOf,
  requestOf,
  AUTH_MESSAGES,
  containsNul,
  CSRF_HEADER,
  failureBody,
  matchRoute,
  REQUEST_MESSAGES,
  routesOf,
  toRouterPath,
  type AnswerOf,
  type BodySchemaOf,
  type HttpMethod,
  type ParamsSchemaOf,
  type QuerySchemaOf,
  type ServiceName,
} from '@cc/contracts';
import { HttpError } from './errors';
import { csrfTokenMatches } from './session';
import type { RequestUser } from './auth';
import { receiveUpload, type UploadedFile, type UploadSpec } from './upload';
import { jsonBody } from './body';

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * How a call is guarded. What it takes (params, query, body) is not here: the route table
 * declares it (ROUTE_REQUESTS in @cc/contracts), and the kit validates every request with it.
 */
export interface RouteSpec {
  /** Default true: the call needs a signed-in user (401 otherwise). */
  auth?: boolean;
  /** Only an administrator (the session's is_admin) may call it; anyone else gets 403. */
  admin?: boolean;
  /** The call takes one uploaded file (multipart/form-data): it arrives as `input.file`. */
  upload?: UploadSpec;
  /** Default true for writes: the call needs the session's X-CSRF-Token (403 otherwise). */
  csrf?: boolean;
  /**
   * A larger JSON body than the service's limit, for this call only (an import's batch of
   * records): the service-wide parser leaves its body alone and the route parses it with this.
   */
  bodyLimit?: string;
}

export interface RouteInput<B extends Schema, Q extends Schema, P extends Schema, A extends boolean> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  user: A extends false ? RequestUser | undefined : RequestUser;
  /** The uploaded file, on routes that declare `upload` (always there: a missing one is a 422). */
  file: UploadedFile | undefined;
}

/** A body the handler sends as it is (GET /files: JSON text Postgres built, maybe gzipped). */
type RawBody = string | Buffer | Uint8Array;
/** What a handler may return: its route's answer (ROUTE_ANSWERS), a raw body, or nothing (it answered itself). */
type Returned<R> = R | RawBody | undefined | void;

export type RouteHandler<B extends Schema, Q extends Schema, P extends Schema, A extends boolean, R = unknown> = (
  ctx: Koa.Context,
  input: RouteInput<B, Q, P, A>,
) => Promise<Returned<R>> | Returned<R>;

/**
 * The handler of `M Path`, typed by the route table: its input by ROUTE_REQUESTS, its answer by
 * ROUTE_ANSWERS. NoInfer: the path fixes the types first, so the handler's object literals are
 * checked against the answer (`success: true` stays a literal) instead of widening.
 */
type Handler<M extends HttpMethod, Path extends string, A extends boolean> = NoInfer<
  RouteHandler<BodySchemaOf<`${M} ${Path}`>, QuerySchemaOf<`${M} ${Path}`>, ParamsSchemaOf<`${M} ${Path}`>, A, AnswerOf<`${M} ${Path}`>>
>;

/** Zod issues → the `errors` list of every refusal (one readable message per issue; docs/api.md#errors). */
export function zodMessages(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((i) => i.message))];
}

function parse<S extends Schema>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(422, zodMessages(result.error));
  return result.data as Out<S>;
}

/**
 * A service's routes. Only method+paths of the route table that the service owns can be
 * registered, so the gateways, the table and the services never disagree. `finish()` adds
 * a 501 answer for every owned path the service has not implemented yet.
 */
export class ServiceRouter {
  readonly koa = new Router();
  private readonly implemented = new Set<string>();
  /** While a module registers its routes: its name and the paths it owns (see modules.ts). */
  private module: { name: string; owns: (path: string) => boolean } | undefined;
  private readonly pending: { method: HttpMethod; path: string; middleware: RouterMiddleware }[] = [];
  /** `METHOD path` of the routes that parse their JSON body themselves, with a limit of their own. */
  private readonly ownBodies = new Set<string>();
  /** Their layers in the Koa router, once `finish()` registered them. */
  private readonly ownBodyLayers = new Set<unknown>();

  constructor(
    readonly service: ServiceName,
    private readonly secret: () => string,
    /** Tests: every answer a handler returns is checked against its route's answer schema. */
    private readonly checkAnswers = false,
  ) {}

  route<M extends HttpMethod, Path extends string, A extends boolean = true>(
    method: M,
    path: Path,
    spec: RouteSpec & { auth?: A },
    handler: Handler<M, Path, A>,
  ): this {
    const entry = matchRoute(method, path.replace(/\{\w+\}/g, 'x'));
    const owned = routesOf(this.service).some((r) => r.method === method && r.path === path);
    if (!owned) {
      throw new Error(`${this.service}: ${method} ${path} is not a route-table path of this service (owner: ${entry?.owner ?? 'none'})`);
    }
    if (this.module && !this.module.owns(path)) {
      throw new Error(`${this.service}: module ${this.module.name} registered ${method} ${path}, a path it does not own`);
    }
    const request = requestOf(method, path);
    if (!request) throw new Error(`${method} ${path}: add what it takes to ROUTE_REQUESTS (@cc/contracts route-requests.ts)`);
    this.implemented.add(`${method} ${path}`);
    const needsAuth = spec.auth !== false;
    const needsCsrf = spec.csrf ?? method !== 'GET';
    const answerSchema = this.checkAnswers ? answerSchemaOf(method, path) : undefined;
    const ownBody = spec.bodyLimit ? jsonBody(spec.bodyLimit) : undefined;
    if (ownBody) this.ownBodies.add(`${method} ${path}`);
    if (this.checkAnswers && !answerSchema)
      throw new Error(`${method} ${path}: add its answer schema to ROUTE_ANSWERS (@cc/contracts answers.ts)`);
    this.pending.push({
      method,
      path,
      middleware: async (ctx: RouterContext) => {
        const user = guard(ctx, needsAuth, needsCsrf, this.secret());
        if (spec.admin && !user?.isAdmin) throw new HttpError(403, [REQUEST_MESSAGES.adminOnly]);
        const upload = spec.upload ? await receiveUpload(ctx as unknown as Koa.Context, spec.upload) : undefined;
        if (ownBody) await ownBody(ctx as unknown as Koa.Context, async () => undefined);
        try {
          refuseNul(ctx);
          const input = {
            body: parse(request.body, ctx.request.body ?? {}),
            query: parse(request.query, ctx.query),
            params: parse(request.params, ctx.params),
            user,
            file: upload?.file,
          } as Parameters<typeof handler>[1];
          let result: Awaited<ReturnType<typeof handler>>;
          try {
            result = await handler(ctx as unknown as Koa.Context, input);
          } catch (err) {
            // A failure with keys of its own (a stale save's `current`) is part of the contract too.
            if (answerSchema && err instanceof HttpError && Object.keys(err.extra).length > 0)
              checkAnswer(method, path, answerSchema, failureBody(undefined, err.errors, err.extra));
            throw err;
          }
          if (answerSchema && result && typeof result === 'object' && !(result instanceof Uint8Array))
            checkAnswer(method, path, answerSchema, result);
          if (result !== undefined) ctx.body = result;
        } finally {
          await upload?.cleanup();
        }
      },
    });
    return this;
  }

  /** `route` with the method fixed: `router.get(path, spec, handler)` and the others below. */
  private verb =
    <M extends HttpMethod>(method: M) =>
    <Path extends string, A extends boolean = true>(path: Path, spec: RouteSpec & { auth?: A }, handler: Handler<M, Path, A>) =>
      this.route(method, path, spec, handler);

  get = this.verb('GET');
  post = this.verb('POST');
  put = this.verb('PUT');
  patch = this.verb('PATCH');
  delete = this.verb('DELETE');

  /**
   * Whether the request goes to a route that reads its JSON body itself (`bodyLimit`): the
   * service-wide parser skips it. Asked of the router itself, which matches more loosely than the
   * route table (`/folders/`, `/FOLDERS`): the route's own limit holds on those paths too.
   */
  parsesOwnBody(method: string, pathname: string): boolean {
    if (this.ownBodyLayers.size === 0) return false;
    // The first layer matching path and method answers (a route's middleware never calls next).
    const first = this.koa.match(pathname, method).pathAndMethod[0];
    return first !== undefined && this.ownBodyLayers.has(first);
  }

  /** Registers a module's routes, refusing any path outside what the module owns. */
  withModule(name: string, owns: (path: string) => boolean, register: () => void): void {
    this.module = { name, owns };
    try {
      register();
    } finally {
      this.module = undefined;
    }
  }

  /** Owned routes not implemented yet: each answers 501 after the usual auth and CSRF checks. */
  notImplemented(): string[] {
    return routesOf(this.service)
      .filter((r) => !this.implemented.has(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`);
  }

  finish(): Router {
    for (const r of routesOf(this.service)) {
      if (this.implemented.has(`${r.method} ${r.path}`)) continue;
      this.pending.push({
        method: r.method,
        path: r.path,
        middleware: async (ctx: RouterContext) => {
          guard(ctx, true, r.method !== 'GET', this.secret());
          throw new HttpError(501, ['Not implemented yet']);
        },
      });
    }
    // The router tries layers in registration order: literal paths (`/files/reorder`) must
    // come before parameterised ones (`/files/:id`).
    const params = (p: string) => (p.match(/\{/g) ?? []).length;
    for (const { method, path, middleware } of [...this.pending].sort((a, b) => params(a.path) - params(b.path))) {
      const layer = this.koa.register(toRouterPath(path), [method], [middleware]);
      if (this.ownBodies.has(`${method} ${path}`)) this.ownBodyLayers.add(layer);
    }
    this.pending.length = 0;
    return this.koa;
  }
}

/**
 * Postgres text cannot hold U+0000, so a NUL anywhere in a request (pasted from a PDF, a
 * binary file) is refused here, once for every service, with a message the client shows.
 */
function refuseNul(ctx: RouterContext): void {
  if (containsNul(ctx.request.body) || containsNul(ctx.query) || containsNul(ctx.params)) {
    throw new HttpError(422, [REQUEST_MESSAGES.nulCharacter]);
  }
}

/** Tests only: an answer that breaks its contract fails the request loudly (a 500 the test sees). */
function checkAnswer(method: string, path: string, schema: z.ZodType, answer: unknown): void {
  const result = schema.safeParse(answer);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
    throw new Error(`${method} ${path} answered outside its contract: ${problems}`);
  }
}

function guard(ctx: Koa.Context | RouterContext, needsAuth: boolean, needsCsrf: boolean, secret: string): RequestUser | undefined {
  const user = ctx.state.user as RequestUser | undefined;
  if (needsAuth && !user) throw new HttpError(401, [AUTH_MESSAGES.notSignedIn]);
  if (needsCsrf) {
    if (!user || !csrfTokenMatches(secret, user.sid, ctx.get(CSRF_HEADER) || undefined)) {
      throw new HttpError(403, [AUTH_MESSAGES.csrfInvalid]);
    }
  }
  return user;
}
