import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { tablesWithoutOwner } from '@cc/service-kit';
import { TestClient } from '@cc/service-kit/testing';
import { startChat, type ChatHarness } from './test-support';

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => chat?.close());

async function fill(c: TestClient): Promise<void> {
  await c.post('/ai_chat/send_message', { person_id: 3, mode: 'ask', message: 'Sam is my new manager.' });
  await c.patch('/ai_chat/settings', { use_other_notes: false });
}

const messages = async (c: TestClient) => (await c.get('/ai_chat/conversation?person_id=3')).body.messages as unknown[];

describe('DELETE /ai_chat/account', () => {
  test("deletes the caller's conversations, messages and chat settings, and only theirs", async () => {
    const [me, other] = [chat.as(1), chat.as(2)];
    await fill(me);
    await fill(other);
    expect((await messages(me)).length).toBeGreaterThan(0);

    const res = await me.delete('/ai_chat/account');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect(await messages(me)).toEqual([]);
    // Back to the default: the settings row went.
    expect((await me.get('/ai_chat/settings')).body.settings.use_other_notes).toBe(true);
    expect((await messages(other)).length).toBeGreaterThan(0);
    expect((await other.get('/ai_chat/settings')).body.settings.use_other_notes).toBe(false);
  });

  test('deleting again is fine, and it needs the session and the CSRF token', async () => {
    const me = chat.as(3);
    await fill(me);
    expect((await me.delete('/ai_chat/account', { csrf: false })).status).toBe(403);
    expect((await new TestClient(chat.svc.url).delete('/ai_chat/account')).status).toBe(401);
    expect((await messages(me)).length).toBeGreaterThan(0);
    expect((await me.delete('/ai_chat/account')).status).toBe(200);
    expect((await me.delete('/ai_chat/account')).body).toEqual({ success: true });
  });

  test('every table of the schema holds rows by user_id (or goes with one that does)', async () => {
    expect(await tablesWithoutOwner(chat.database.db, 'chat')).toEqual([]);
  });
});
