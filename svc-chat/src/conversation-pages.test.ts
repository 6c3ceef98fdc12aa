import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PAGING_MESSAGES, type StoredChatMessage } from '@cc/contracts';
import { encodeCursor } from '@cc/service-kit';
import { readPages, type TestClient } from '@cc/service-kit/testing';
import { startChat, type ChatHarness } from './test-support';

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => chat?.close());

async function lines(c: TestClient, key: Record<string, unknown>, count: number, prefix = 'line'): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await c.post('/ai_chat/append_message', { ...key, content: `${prefix} ${i}` });
    if (res.status !== 200) throw new Error(`append_message ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** The pages, newest first, put back in the chat's order (oldest first). */
function inChatOrder(items: StoredChatMessage[], sizes: number[]): StoredChatMessage[] {
  const pages: StoredChatMessage[][] = [];
  let at = 0;
  for (const size of sizes) pages.push(items.slice(at, (at += size)));
  return pages.reverse().flat();
}

describe('GET /ai_chat/conversation, paged (docs/api.md#paged-lists)', () => {
  test('without limit or cursor: the documented answer, without next_cursor', async () => {
    const me = chat.as(701);
    await lines(me, { file_id: 1 }, 2);
    const res = await me.get('/ai_chat/conversation?file_id=1');
    expect(res.body).toEqual({
      success: true,
      conversation_id: expect.any(Number),
      messages: [
        { role: 'assistant', content: 'line 0' },
        { role: 'assistant', content: 'line 1' },
      ],
    });
    expect(Object.keys(res.body)).toEqual(['success', 'conversation_id', 'messages']);
  });

  test('pages go back from the newest; put back in order they are the whole conversation; next_cursor null at the start', async () => {
    const me = chat.as(702);
    await lines(me, { person_id: 4 }, 5, 'before');
    await me.post('/ai_chat/send_message', { person_id: 4, message: 'What should I ask her?' });
    await lines(me, { person_id: 4 }, 6, 'after');
    await lines(chat.as(703), { person_id: 4 }, 3, 'theirs');
    const whole = await me.get('/ai_chat/conversation?person_id=4');
    expect(whole.body.messages).toHaveLength(13);
    for (const limit of [1, 4, 12, 13, 200]) {
      const { items, sizes } = await readPages(me, '/ai_chat/conversation?person_id=4', limit, (b) => b.messages as StoredChatMessage[]);
      expect(inChatOrder(items, sizes)).toEqual(whole.body.messages);
      expect(sizes.slice(0, -1).every((s) => s === limit)).toBe(true);
    }
    const newest = await me.get('/ai_chat/conversation?person_id=4&limit=2');
    expect(newest.body).toEqual({
      success: true,
      conversation_id: whole.body.conversation_id,
      messages: [
        { role: 'assistant', content: 'after 4' },
        { role: 'assistant', content: 'after 5' },
      ],
      next_cursor: expect.any(String),
    });
    // A message added after the first page does not shift the older pages.
    await lines(me, { person_id: 4 }, 1, 'later');
    const older = await me.get(`/ai_chat/conversation?person_id=4&limit=2&cursor=${newest.body.next_cursor}`);
    expect(older.body.messages.map((m: StoredChatMessage) => m.content)).toEqual(['after 2', 'after 3']);
  });

  test("another user's conversation never shows; no conversation is an empty last page; a bad cursor is 422", async () => {
    const me = chat.as(704);
    await lines(chat.as(705), { file_id: 9 }, 3);
    expect((await me.get('/ai_chat/conversation?file_id=9&limit=5')).body).toEqual({
      success: true,
      conversation_id: null,
      messages: [],
      next_cursor: null,
    });
    for (const cursor of ['(', encodeCursor([-1]), encodeCursor(['5']), encodeCursor([2 ** 60])]) {
      const res = await me.get(`/ai_chat/conversation?file_id=9&limit=5&cursor=${encodeURIComponent(cursor)}`);
      expect([cursor, res.status, res.body]).toEqual([cursor, 422, { success: false, errors: [PAGING_MESSAGES.cursorInvalid] }]);
    }
    // The key is still needed, and every problem is listed at once.
    const res = await me.get('/ai_chat/conversation?limit=0');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(expect.arrayContaining([PAGING_MESSAGES.limitInvalid]));
    expect(res.body.errors).toHaveLength(2);
  });
});
