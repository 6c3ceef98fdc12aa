/**
 * Test helpers: a fresh Postgres database per test file (real Postgres when reachable,
 * in-memory PGlite otherwise), services listening on a free port, and a client that keeps
 * cookies and sends the CSRF token like the browser does.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import knexFactory from 'knex';
import { CSRF_HEADER, SESSION_COOKIE } from '@cc/contracts';
import { createApp, type ServiceApp, type ServiceConfig, type ServiceDefinition } from './app';
import { csrfTokenFor, signSession } from './session';
import { createDb, type Db } from './db';
import { createLogger } from './logger';
import { answerClientErrorsAsJson } from './client-errors';

export { readPages, type ReadPages } from './paging-testing';
export { startWithTestModel, TEST_EMBEDDING_MODEL, until, type ServiceWithModel } from './meaning-testing';

export const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(url = ADMIN_URL): Promise<boolean> {
  const k = knexFactory({ client: 'pg', connection: { connectionString: url, connectionTimeoutMillis: 1500 } });
  try {
    await k.raw('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await k.destroy();
  }
}

export interface TestDatabase {
  db: Db;
  url?: string;
  drop: () => Promise<void>;
}

/**
 * Tests' databases log like a service's, at the test level: a late warning from the pool (a
 * background query of a service a test left) must not reach a console jest has closed.
 */
const quiet = createLogger('test-db', process.env.LOG_LEVEL ?? 'silent');

export async function freshDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'pglite' || !(await postgresReachable())) {
    const db = await createDb({ log: quiet });
    return { db, drop: () => db.destroy() };
  }
  const name = `cc_test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: ADMIN_URL });
  await admin.raw('create database ??', [name]);
  await admin.destroy();
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const db = await createDb({ databaseUrl: url, poolMax: 5, log: quiet });
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      const a = knexFactory({ client: 'pg', connection: ADMIN_URL });
      await a.raw('drop database if exists ?? with (force)', [name]);
      await a.destroy();
    },
  };
}

export const TEST_SECRET = 'test-secret-for-signing-sessions-only';

export interface RunningService {
  service: ServiceApp;
  url: string;
  server: Server;
  close: () => Promise<void>;
}

export async function startTestService(def: ServiceDefinition, db: Db, config: Partial<ServiceConfig> = {}): Promise<RunningService> {
  // Every real answer in a service test is checked against its contract (ROUTE_ANSWERS).
  const service = createApp(def, {
    sessionSecret: TEST_SECRET,
    db,
    logger: createLogger(def.name, 'silent'),
    checkAnswers: true,
    ...config,
  });
  await service.ready();
  const server = createServer(service.app.callback());
  answerClientErrorsAsJson(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    service,
    url,
    server,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await service.stop();
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A browser-like client: keeps the session cookie and sends the CSRF token on writes. */
export class TestClient {
  cookie?: string;
  csrf?: string;
  constructor(public baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (this.cookie) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    if (method !== 'GET' && opts.csrf !== false && this.csrf) headers[CSRF_HEADER] = this.csrf;
    let payload: string | undefined = opts.raw;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    } else if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (setCookie) this.cookie = setCookie.split(';')[0]!.slice(SESSION_COOKIE.length + 1) || undefined;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const answer = parsed as { csrf_token?: string } | undefined;
    if (answer && typeof answer === 'object' && typeof answer.csrf_token === 'string') this.csrf = answer.csrf_token;
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get<T = any>(path: string, opts?: { headers?: Record<string, string> }) {
    return this.request<T>('GET', path, undefined, opts);
  }
  post<T = any>(path: string, body?: unknown, opts?: { csrf?: boolean; headers?: Record<string, string> }) {
    return this.request<T>('POST', path, body ?? {}, opts);
  }
  put<T = any>(path: string, body?: unknown, opts?: { csrf?: boolean }) {
    return this.request<T>('PUT', path, body ?? {}, opts);
  }
  patch<T = any>(path: string, body?: unknown, opts?: { csrf?: boolean }) {
    return this.request<T>('PATCH', path, body ?? {}, opts);
  }
  delete<T = any>(path: string, opts?: { csrf?: boolean }) {
    return this.request<T>('DELETE', path, undefined, opts);
  }

  async signUp(email = `user-${randomBytes(4).toString('hex')}@example.com`, password = 'correct horse battery') {
    const res = await this.post('/auth/sign_up', { email, password });
    if (res.status !== 201) throw new Error(`sign up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.user as { id: number; email: string; is_admin: boolean };
  }
}

/** A signed-in test client, as svc-identity would sign its session. */
export type SignedClient = TestClient & { id: number };

/** Signs a session for `uid` on this client, with its CSRF token. */
export function signIn(client: TestClient, uid: number): SignedClient {
  const sid = `sid-${uid}-${randomBytes(4).toString('hex')}`;
  client.cookie = signSession(TEST_SECRET, { sid, uid, adm: false, iat: Math.floor(Date.now() / 1000) });
  client.csrf = csrfTokenFor(TEST_SECRET, sid);
  return Object.assign(client, { id: uid });
}

/** A service's integration-test harness: the service on a fresh (or given) database, signed-in clients. */
export interface ServiceHarness {
  database: TestDatabase;
  svc: RunningService;
  /** A client signed in as a new user. */
  user(): SignedClient;
  /** The same user on another service (same session cookie and CSRF token). */
  as(client: SignedClient, url: string): SignedClient;
  close(): Promise<void>;
}

let nextUser = 1000;

/** Every service's test-support starts its service this way (models: svc-files, svc-coaching, svc-people). */
export async function startServiceHarness(
  def: ServiceDefinition,
  env: Record<string, string> = {},
  database?: TestDatabase,
): Promise<ServiceHarness> {
  const db = database ?? (await freshDatabase());
  const svc = await startTestService(def, db.db, { env });
  return {
    database: db,
    svc,
    user: () => signIn(new TestClient(svc.url), nextUser++),
    as: (client, url) => Object.assign(new TestClient(url), { cookie: client.cookie, csrf: client.csrf, id: client.id }),
    close: async () => {
      await svc.close();
      if (!database) await db.drop();
    },
  };
}

/**
 * Something a test file (or a describe block) starts before its tests and closes after them: a
 * service's harness, a model's test server. The answer stands for it: tests and later hooks read
 * and set it as the thing itself (`h.user()`, `model.fallback = …`); before it started, that throws.
 */
export function startedForTests<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error('It starts in beforeAll: read it inside a test or a later hook.');
      const value: unknown = Reflect.get(started, key, started);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
    set(_, key, value) {
      if (!started) throw new Error('It starts in beforeAll: set it inside a test or a later hook.');
      return Reflect.set(started, key, value, started);
    },
  });
}

/** A refusal as a service answers it (422, 404, …): `{success: false, errors}`. */
export const refused = (...errors: string[]) => ({ success: false, errors });

/** A refusal of a call whose documented answer also names `error` (the first message). */
export const refusedWithError = (...errors: string[]) => ({ success: false, error: errors[0], errors });

/** How many queries whose SQL `matches` `fn` caused on `db` (instances under test share the test's knex). */
export async function queriesDuring(db: Db, matches: (sql: string) => boolean, fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const count = (q: { sql: string }) => {
    if (matches(q.sql)) n += 1;
  };
  db.on('query', count);
  try {
    await fn();
  } finally {
    db.off('query', count);
  }
  return n;
}

/**
 * Waits until `read` is answered from a UserAnswerCache (it causes no query `matches`). A
 * change's NOTIFY reaches its own instance too, after the instance has already dropped the entry
 * itself: on a loaded machine it can land after the next read stored a fresh list, and drop that
 * one as well (one extra query, never a stale answer). So "cached" is a state reached, not one
 * read later.
 */
export async function cachedSoon(db: Db, matches: (sql: string) => boolean, read: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await queriesDuring(db, matches, read)) === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(await queriesDuring(db, matches, read)).toBe(0);
}

/** Waits until `read()` answers `expected` (another instance hears a NOTIFY), then checks it. */
export async function eventually(read: () => Promise<unknown>, expected: unknown): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (JSON.stringify(await read()) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(await read()).toEqual(expected);
}
