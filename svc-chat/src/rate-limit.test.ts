import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { freshDatabase, startTestService, type RunningService, type TestDatabase } from '@cc/service-kit/testing';
import { chatService } from './service';
import { signedClient, storedMessages } from './test-support';

const LIMITED = 'You are sending messages too quickly. Please wait a moment and try again.';

let database: TestDatabase;
let one: RunningService;
let two: RunningService;
beforeAll(async () => {
  database = await freshDatabase();
  // Two instances on one database, as behind the gateway when the service is scaled out.
  one = await startTestService(chatService, database.db, { env: { AI_RATE_LIMIT_PER_MINUTE: '4' } });
  two = await startTestService(chatService, database.db, { env: { AI_RATE_LIMIT_PER_MINUTE: '4' } });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.drop();
});

const send = (url: string, uid: number, message: string) => signedClient(url, uid).post('/ai_chat/send_message', { file_id: 1, message });

describe('per-user rate limit on model calls', () => {
  test('over the limit: 429 with Retry-After and the message; counted across instances and both model calls', async () => {
    expect((await send(one.url, 1, 'first')).status).toBe(200);
    expect((await send(two.url, 1, 'second')).status).toBe(200);
    expect((await signedClient(one.url, 1).post('/ai_chat/suggest_edits', { file_content: '# Notes\n', message: 'third' })).status).toBe(
      200,
    );
    expect((await send(two.url, 1, 'fourth')).status).toBe(200);

    for (const res of [
      await send(one.url, 1, 'fifth'),
      await signedClient(two.url, 1).post('/ai_chat/suggest_edits', { file_content: '' }),
    ]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ success: false, error: LIMITED, errors: [LIMITED] });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(50); // the calls were just made: about a minute to wait
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // The refused message was not stored.
    expect((await storedMessages(database.db, 1)).map((m) => m.content)).not.toContain('fifth');
    // Other users and the calls that need no model are not limited.
    expect((await send(one.url, 2, 'hello')).status).toBe(200);
    expect((await signedClient(one.url, 1).get('/ai_chat/conversation?file_id=1')).status).toBe(200);
  });

  test('concurrent calls cannot overshoot the limit', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 ? one.url : two.url, 3, `burst ${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
  });
});
