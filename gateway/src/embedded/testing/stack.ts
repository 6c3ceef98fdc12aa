/**
 * The whole product as `npm start` runs it, for tests of calls that cross every domain (search,
 * export, account deletion): every service's real Koa app behind the embedded gateway on one
 * fresh database, each service reaching the others through the gateway as the caller.
 */
import { expect } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SERVICES, type ServiceName } from '@cc/contracts';
import { createApp, createLogger } from '@cc/service-kit';
import { freshDatabase, TEST_SECRET, type TestDatabase } from '@cc/service-kit/testing';
import { identityService, identitySessionCheck } from '@cc/svc-identity';
import { filesService } from '@cc/svc-files';
import { coachingService } from '@cc/svc-coaching';
import { peopleService } from '@cc/svc-people';
import { chatService } from '@cc/svc-chat';
import { createGateway } from '../gateway';

const definitions = { identity: identityService, files: filesService, coaching: coachingService, people: peopleService, chat: chatService };
export type Handler = ReturnType<ReturnType<typeof createApp>['app']['callback']>;

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
  signUp(email: string): Promise<Session>;
  call(session: Session, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startEmbeddedStack(options: { logs?: boolean; env?: Record<string, string> } = {}): Promise<EmbeddedStack> {
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
  const apps: ReturnType<typeof createApp>[] = [];
  const sessionCheck = identitySessionCheck(database.db);
  for (const name of SERVICES) {
    const app = createApp(definitions[name], {
      sessionSecret: TEST_SECRET,
      db: database.db,
      logger: options.logs ? createLogger(name, 'debug', sink) : createLogger(name, 'silent'),
      sessionCheck,
      env: { FILES_URL: base, COACHING_URL: base, PEOPLE_URL: base, CHAT_URL: base, ...options.env },
    });
    await app.ready();
    apps.push(app);
    handlers[name] = app.app.callback();
  }

  const call: EmbeddedStack['call'] = async (session, method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        accept: 'application/json',
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
      await Promise.all(apps.map((app) => app.stop()));
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await database.drop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
