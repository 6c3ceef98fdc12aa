/** Shared by svc-people's integration tests: the service on a fresh database, signed-in clients. */
import { randomBytes } from 'node:crypto';
import { csrfTokenFor, signSession } from '@cc/service-kit';
import { freshDatabase, startTestService, TEST_SECRET, TestClient, type RunningService, type TestDatabase } from '@cc/service-kit/testing';
import { peopleService } from './service';

export interface PeopleHarness {
  database: TestDatabase;
  svc: RunningService;
  /** A client signed in as a new user (the session is signed as svc-identity would). */
  user(): TestClient & { id: number };
  /** The same user on another service (same session cookie and CSRF token). */
  as(client: TestClient & { id: number }, url: string): TestClient & { id: number };
  close(): Promise<void>;
}

let nextUser = 1000;

export function signIn(client: TestClient, uid: number): TestClient & { id: number } {
  const sid = `sid-${uid}-${randomBytes(4).toString('hex')}`;
  client.cookie = signSession(TEST_SECRET, { sid, uid, adm: false, iat: Math.floor(Date.now() / 1000) });
  client.csrf = csrfTokenFor(TEST_SECRET, sid);
  return Object.assign(client, { id: uid });
}

export async function startPeople(env: Record<string, string> = {}, database?: TestDatabase): Promise<PeopleHarness> {
  const db = database ?? (await freshDatabase());
  const svc = await startTestService(peopleService, db.db, { env });
  return {
    database: db,
    svc,
    user: () => signIn(new TestClient(svc.url), nextUser++),
    as: (client, url) => Object.assign(Object.assign(new TestClient(url), { cookie: client.cookie, csrf: client.csrf }), { id: client.id }),
    close: async () => {
      await svc.close();
      if (!database) await db.drop();
    },
  };
}

/** Creates people by name and answers their ids. */
export async function addPeople(c: TestClient, ...names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const full_name of names) ids.push((await c.post('/people', { person: { full_name } })).body.person.id as number);
  return ids;
}
