/**
 * The whole product as `npm start` runs it, for tests of calls that cross every domain (search,
 * export, account deletion): every service's real Koa app behind the embedded gateway on one
 * fresh database, each service reaching the others through the gateway as the caller. With
 * `replicas` (default STACK_REPLICAS, else 1) every service runs that many instances, each with
 * its own pool to the same Postgres, and requests alternate between them (replicas.ts).
 */
import { expect } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SERVICES, type ServiceName } from '@cc/contracts';
import { createApp, createDb, createLogger, remoteSessionCheck, type SessionCheck } from '@cc/service-kit';
import { freshDatabase, TEST_SECRET, type TestDatabase } from '@cc/service-kit/testing';
import { identityService, identitySessionCheck } from '@cc/svc-identity';
import { filesService } from '@cc/svc-files';
import { coachingService } from '@cc/svc-coaching';
import { peopleService } from '@cc/svc-people';
import { chatService } from '@cc/svc-chat';
import { createGateway } from '../gateway';
import { REPLICA_HEADER, ReplicaSet, type Handler, type Replica } from './replicas';

const definitions = { identity: identityService, files: filesService, coaching: coachingService, people: peopleService, chat: chatService };
export type { Handler };

export const TEST_PASSWORD = 'a long enough password';

export interface Session {
  cookie: string;
  csrf: string;
}

export interface EmbeddedStack {
  base: string;
  database: TestDatabase;
  /** Every log line of every service (at `debug` when `logs` was asked for). */
  logLines: string[];
  /** Each service's handler behind the gateway: a test may put a failing one in its place. */
  handlers: Record<ServiceName, Handler>;
  /** Each service's instances: a test stops and starts one, or reads its pool. */
  services: Record<ServiceName, ReplicaSet>;
  signUp(email: string): Promise<Session>;
  /** A call through the gateway; `replica` sends it to that instance of the owning service. */
  call(
    session: Session,
    method: string,
    url: string,
    body?: unknown,
    options?: { replica?: number },
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export interface EmbeddedStackOptions {
  logs?: boolean;
  env?: Record<string, string>;
  /** Instances of every service (default STACK_REPLICAS, else 1); past one, each has its own pool. */
  replicas?: number;
  /**
   * Services other than identity check sessions as separate processes do, over HTTP with the
   * kit's remoteSessionCheck (LISTENing for revocations), with reads cached for `ttlMs`;
   * otherwise each asks identity's table directly.
   */
  remoteSessionChecks?: { ttlMs: number };
}

export function replicasFromEnv(): number {
  const n = Number(process.env.STACK_REPLICAS ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export async function startEmbeddedStack(options: EmbeddedStackOptions = {}): Promise<EmbeddedStack> {
  const replicas = options.replicas ?? replicasFromEnv();
  const database = await freshDatabase();
  const root = mkdtempSync(path.join(os.tmpdir(), 'cc-stack-'));
  for (const dir of ['shell', 'mfe-dashboard', 'mfe-planning', 'mfe-coaching', 'mfe-people'])
    mkdirSync(path.join(root, dir, 'dist'), { recursive: true });
  const handlers = {} as Record<ServiceName, Handler>;
  // Listening first: the services read each other through this gateway's own address.
  const server: Server = createGateway(root, handlers);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const services = {} as Record<ServiceName, ReplicaSet>;
  for (const name of SERVICES) {
    const instance = async (): Promise<Replica> => {
      // One instance shares the test's pool (PGlite has only that one); several have their own, as processes do.
      const own = replicas > 1 && database.url !== undefined;
      const db = own ? await createDb({ databaseUrl: database.url, poolMax: 4 }) : database.db;
      const logger = options.logs ? createLogger(name, 'debug', sink) : createLogger(name, 'silent');
      const remote = options.remoteSessionChecks;
      const sessionCheck: SessionCheck =
        remote && name !== 'identity' ? remoteSessionCheck(base, { db, log: logger, ttlMs: remote.ttlMs }) : identitySessionCheck(db);
      const app = createApp(definitions[name], {
        sessionSecret: TEST_SECRET,
        db,
        logger,
        sessionCheck,
        env: { FILES_URL: base, COACHING_URL: base, PEOPLE_URL: base, CHAT_URL: base, ...options.env },
      });
      return { app, db, closeDb: async () => (own ? db.destroy() : undefined) };
    };
    services[name] = new ReplicaSet(instance);
    // Replicas start together, as a deployment's do: their migrations wait for each other.
    await Promise.all(Array.from({ length: replicas }, (_, i) => services[name].up(i)));
    handlers[name] = services[name].handle;
  }

  const call: EmbeddedStack['call'] = async (session, method, url, body, { replica } = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(replica === undefined ? {} : { [REPLICA_HEADER]: String(replica) }),
        cookie: session.cookie,
        ...(method === 'GET' ? {} : { 'x-csrf-token': session.csrf }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  return {
    base,
    database,
    logLines,
    handlers,
    services,
    async signUp(email) {
      const res = await fetch(`${base}/auth/sign_up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      });
      expect(res.status).toBeLessThan(300);
      const body = (await res.json()) as { csrf_token: string };
      return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, csrf: body.csrf_token };
    },
    call,
    async close() {
      // Background work (job queues) stops before the database closes.
      await Promise.all(SERVICES.map((name) => services[name].close()));
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await database.drop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
