/**
 * GET /search along its whole path, as `npm start` runs it: every service's real Koa app behind
 * the embedded gateway on one database, svc-chat asking each domain's search through the gateway
 * as the caller. Each domain's own search is tested in its service; here: the kinds of every
 * domain arrive in one answer, each user sees only their own, a domain that fails leaves the
 * rest, and no log line of any service carries what was searched for.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
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
import { createGateway } from './gateway';

const definitions = { identity: identityService, files: filesService, coaching: coachingService, people: peopleService, chat: chatService };
type Handler = ReturnType<ReturnType<typeof createApp>['app']['callback']>;

/** A word no fixture holds but the notes below: it must never reach a log line. */
const SECRET = 'zanzibarquartz';

let database: TestDatabase;
let root: string;
let server: Server;
let base: string;
const logLines: string[] = [];
const handlers = {} as Record<ServiceName, Handler>;

beforeAll(async () => {
  database = await freshDatabase();
  root = mkdtempSync(path.join(os.tmpdir(), 'cc-search-'));
  for (const dir of ['shell', 'mfe-dashboard', 'mfe-planning', 'mfe-coaching', 'mfe-people'])
    mkdirSync(path.join(root, dir, 'dist'), { recursive: true });
  // Listening first: the services read each other through this gateway's own address.
  server = createGateway(root, handlers);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const sessionCheck = identitySessionCheck(database.db);
  for (const name of SERVICES) {
    const app = createApp(definitions[name], {
      sessionSecret: TEST_SECRET,
      db: database.db,
      logger: createLogger(name, 'debug', sink),
      sessionCheck,
      env: { FILES_URL: base, COACHING_URL: base, PEOPLE_URL: base },
    });
    await app.ready();
    handlers[name] = app.app.callback();
  }
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await database?.drop();
  if (root) rmSync(root, { recursive: true, force: true });
});

interface Session {
  cookie: string;
  csrf: string;
}

async function signUp(email: string): Promise<Session> {
  const res = await fetch(`${base}/auth/sign_up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: 'a long enough password' }),
  });
  expect(res.status).toBeLessThan(300);
  const body = (await res.json()) as { csrf_token: string };
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, csrf: body.csrf_token };
}

async function call(session: Session, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      cookie: session.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'x-csrf-token': session.csrf }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Something of every kind a user can make through the API, each holding `word`. */
async function writeEverything(session: Session, word: string): Promise<void> {
  const made = await Promise.all([
    call(session, 'POST', '/files', {
      file: { folder: 'projects', name: 'billing.md', content: `# Billing\n\nThe ${word} migration to Postgres.` },
    }),
    call(session, 'POST', '/journal/2026-11-03/save', { content: `Talked about the ${word} rollout with the team.`, revision: 0 }),
    call(session, 'POST', '/planning/todos', { todo: { title: `Write the ${word} runbook` } }),
    call(session, 'POST', '/planning/milestones', { milestone: { title: `Ship ${word}`, target_date: '2027-02-01' } }),
  ]);
  for (const res of made) expect(res.status).toBeLessThan(300);
  const person = await call(session, 'POST', '/people', { person: { full_name: 'Ada Lovelace' } });
  expect(person.status).toBeLessThan(300);
  const personId = person.body.person?.id ?? person.body.id;
  const meeting = await call(session, 'POST', '/meetings', {
    meeting: { title: `${word} review`, goals: `Agree the ${word} scope.` },
    attendee_ids: [personId],
  });
  expect(meeting.status).toBeLessThan(300);
}

const kindsOf = (body: { groups: { kind: string; results: unknown[] }[] }) =>
  body.groups.filter((g) => g.results.length).map((g) => g.kind);

describe('GET /search through the embedded gateway', () => {
  let ada: Session;
  let grace: Session;
  beforeAll(async () => {
    ada = await signUp(`ada-${Date.now()}@example.com`);
    grace = await signUp(`grace-${Date.now()}@example.com`);
    await writeEverything(ada, SECRET);
    await writeEverything(grace, 'otherword');
  });

  test('one answer holds every domain’s kinds, each with its address and the matched word marked', async () => {
    const res = await call(ada, 'GET', `/search?q=${SECRET.slice(0, 6)}`);
    expect(res.status).toBe(200);
    expect(res.body.partial).toEqual([]);
    expect(kindsOf(res.body)).toEqual(['file', 'journal', 'todo', 'milestone', 'meeting']);
    const file = res.body.groups.find((g: { kind: string }) => g.kind === 'file').results[0];
    expect(file.url).toBe('/dashboard?folder=projects&file=billing.md');
    const [start, end] = file.highlights[0];
    expect(file.snippet.slice(start, end).toLowerCase()).toBe(SECRET);
    const journal = res.body.groups.find((g: { kind: string }) => g.kind === 'journal').results[0];
    expect(journal.url).toBe('/journal/2026-11-03');
  });

  test('a name with a typo finds the person', async () => {
    const res = await call(ada, 'GET', '/search?q=Lovelase&kinds=person');
    expect(res.body.groups).toHaveLength(1);
    expect(res.body.groups[0].results.map((r: { title: string }) => r.title)).toEqual(['Ada Lovelace']);
  });

  test('each user finds only their own, for every kind', async () => {
    expect(kindsOf((await call(grace, 'GET', `/search?q=${SECRET}`)).body)).toEqual([]);
    expect(kindsOf((await call(ada, 'GET', '/search?q=otherword')).body)).toEqual([]);
    const graces = await call(grace, 'GET', '/search?q=otherword');
    expect(kindsOf(graces.body)).toEqual(['file', 'journal', 'todo', 'milestone', 'meeting']);
  });

  test('a domain that fails is named in partial, the others still answer', async () => {
    const people = handlers.people;
    handlers.people = async (_req, res) => {
      res.statusCode = 500;
      res.end('{}');
    };
    try {
      const res = await call(ada, 'GET', `/search?q=${SECRET}`);
      expect(res.status).toBe(200);
      expect(res.body.partial).toEqual(['people']);
      expect(kindsOf(res.body)).toEqual(['file', 'journal', 'todo', 'milestone']);
    } finally {
      handlers.people = people;
    }
  });

  test('no log line of any service carries the query', async () => {
    await call(ada, 'GET', `/search?q=${SECRET}%20"${SECRET}%20rollout"`);
    await call(ada, 'GET', `/search?q=${SECRET}&kinds=nope`);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.filter((line) => line.toLowerCase().includes(SECRET.slice(0, 6)))).toEqual([]);
  });
});
