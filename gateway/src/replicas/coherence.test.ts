/**
 * Two replicas of every service, each with its own pool to one Postgres: what one replica
 * learns reaches the other at once. Each test writes through replica 0 and reads through
 * replica 1 after replica 1 has cached what it shows: a cache kept per process (no NOTIFY)
 * would keep answering the old state, so the wait below would end in a failure, not a pass.
 */
import { expect, test } from '@jest/globals';
import { startedForTests, until } from '@cc/service-kit/testing';
import { SESSIONS_REVOKED_CHANNEL } from '@cc/service-kit';
import { startEmbeddedStack, TEST_PASSWORD, type Session } from '../embedded/testing/stack';
import { describeReplicas, listening } from './testing';

const [A, B] = [0, 1];
/** A cached "session active" outlives every test here: only a revocation's NOTIFY can end it. */
const AN_HOUR = 3_600_000;

describeReplicas('across two replicas', () => {
  const stack = startedForTests(async () => {
    const started = await startEmbeddedStack({ replicas: 2, remoteSessionChecks: { ttlMs: AN_HOUR } });
    // Two files replicas hear listing changes; the four other services' two replicas each hear revocations.
    await listening(started.database.db, 'files_listing', 2);
    await listening(started.database.db, SESSIONS_REVOKED_CHANNEL, 8);
    return started;
  });

  test('GET /files through B shows a change made through A (B had the list cached)', async () => {
    const me = await stack.signUp('listing@example.com');
    expect((await stack.call(me, 'POST', '/folders', { name: 'shared' }, { replica: A })).status).toBeLessThan(300);
    const list = async (replica: number) => (await stack.call(me, 'GET', '/files', undefined, { replica })).body;
    // B reads twice: the second answer comes from its cache.
    expect(await list(B)).toEqual({ shared: [] });
    expect(await list(B)).toEqual({ shared: [] });
    const made = await stack.call(me, 'POST', '/files', { file: { folder: 'shared', name: 'from a' } }, { replica: A });
    const id = made.body.file.id as number;
    const expected = { shared: [{ id, name: 'from a.md', description: '' }] };
    await until(async () => JSON.stringify(await list(B)) === JSON.stringify(expected));
    // A rename through B reaches A's cached list the same way.
    expect(await list(A)).toEqual(expected);
    await stack.call(me, 'PUT', `/files/${id}`, { file: { name: 'renamed on b' } }, { replica: B });
    await until(async () => (await list(A)).shared[0].name === 'renamed on b.md');
  });

  /** Reads on both replicas of files and chat: each has cached this session as active. */
  async function readsEverywhere(me: Session): Promise<number[]> {
    const statuses: number[] = [];
    for (const replica of [A, B])
      for (const url of ['/files', '/ai_chat/conversation?file_id=1'])
        statuses.push((await stack.call(me, 'GET', url, undefined, { replica })).status);
    return statuses;
  }

  test('a signed-out session is refused by both replicas, reads included', async () => {
    const me = await stack.signUp('sign-out@example.com');
    expect(await readsEverywhere(me)).toEqual([200, 200, 200, 200]);
    expect(await readsEverywhere(me)).toEqual([200, 200, 200, 200]);
    expect((await stack.call(me, 'POST', '/auth/sign_out', {})).status).toBe(200);
    await until(async () => (await readsEverywhere(me)).every((status) => status === 401));
  });

  test("an account's deletion ends its other sessions on both replicas", async () => {
    const first = await stack.signUp('deleted@example.com');
    const res = await fetch(`${stack.base}/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: 'deleted@example.com', password: TEST_PASSWORD }),
    });
    const second: Session = {
      cookie: res.headers.get('set-cookie')!.split(';')[0]!,
      csrf: ((await res.json()) as { csrf_token: string }).csrf_token,
    };
    expect(await readsEverywhere(second)).toEqual([200, 200, 200, 200]);
    expect((await stack.call(first, 'DELETE', '/auth/account', { password: TEST_PASSWORD })).status).toBe(200);
    await until(async () => (await readsEverywhere(second)).every((status) => status === 401));
  });
});
