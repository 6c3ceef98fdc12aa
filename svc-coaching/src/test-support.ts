/** Shared by svc-coaching's integration tests: the service on a fresh database, signed-in clients. */
import { randomBytes } from 'node:crypto';
import { csrfTokenFor, signSession } from '@cc/service-kit';
import { freshDatabase, startTestService, TEST_SECRET, TestClient, type RunningService, type TestDatabase } from '@cc/service-kit/testing';
import { coachingService } from './service';

export interface CoachingHarness {
  database: TestDatabase;
  svc: RunningService;
  /** A client signed in as a new user (the session is signed as svc-identity would). */
  user(): TestClient & { id: number };
  close(): Promise<void>;
}

let nextUser = 1000;

/** Signs a session for `uid` on this client, with its CSRF token. */
export function signIn(client: TestClient, uid: number): TestClient & { id: number } {
  const sid = `sid-${uid}-${randomBytes(4).toString('hex')}`;
  client.cookie = signSession(TEST_SECRET, { sid, uid, adm: false, iat: Math.floor(Date.now() / 1000) });
  client.csrf = csrfTokenFor(TEST_SECRET, sid);
  return Object.assign(client, { id: uid });
}

export async function startCoaching(env: Record<string, string> = {}, database?: TestDatabase): Promise<CoachingHarness> {
  const db = database ?? (await freshDatabase());
  const svc = await startTestService(coachingService, db.db, { env });
  return {
    database: db,
    svc,
    user: () => signIn(new TestClient(svc.url), nextUser++),
    close: async () => {
      await svc.close();
      if (!database) await db.drop();
    },
  };
}
