import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { CONNECT_MODEL_HINT } from '@cc/ai';
import { TestClient } from '@cc/service-kit/testing';
import { T } from './conversations';
import { startChat, storedMessages, type ChatHarness } from './test-support';

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => chat?.close());

const count = async (table: string) => Number((await chat.database.db(table).count({ n: '*' }).first())?.n);

describe('GET /ai_chat/conversation', () => {
  test('no conversation yet: conversation_id null and no messages, and nothing is created', async () => {
    const me = chat.as(1);
    for (const query of ['file_id=41', 'person_id=9', 'folder=journal&file_name=2026-01-05.md']) {
      const res = await me.get(`/ai_chat/conversation?${query}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, conversation_id: null, messages: [] });
    }
    expect(await count(T.conversations)).toBe(0);
  });

  test('each key kind finds its own conversation', async () => {
    const me = chat.as(2);
    const sends = [
      { file_id: 7, folder: 'work-profile', file_name: 'cv.md', message: 'I lead a team of 8 engineers.' },
      { person_id: 3, mode: 'ask', message: 'Sam is my new manager.' },
      { folder: 'journal', file_name: '2026-01-05.md', message: 'Today I shipped the billing fix.' },
    ];
    for (const body of sends) expect((await me.post('/ai_chat/send_message', body)).body.success).toBe(true);

    const byFile = await me.get('/ai_chat/conversation?file_id=7');
    expect(byFile.body).toEqual({
      success: true,
      conversation_id: expect.any(Number),
      messages: [
        { role: 'user', content: 'I lead a team of 8 engineers.' },
        { role: 'assistant', content: expect.any(String) },
      ],
    });
    const byPerson = await me.get('/ai_chat/conversation?person_id=3');
    expect(byPerson.body.messages[0]).toEqual({ role: 'user', content: 'Sam is my new manager.' });
    const byPath = await me.get('/ai_chat/conversation?folder=journal&file_name=2026-01-05.md');
    expect(byPath.body.messages[0]).toEqual({ role: 'user', content: 'Today I shipped the billing fix.' });
    const ids = new Set([byFile.body.conversation_id, byPerson.body.conversation_id, byPath.body.conversation_id]);
    expect(ids.size).toBe(3);
    // file_id wins over folder + file_name: the first send is not under its path.
    expect((await me.get('/ai_chat/conversation?folder=work-profile&file_name=cv.md')).body.messages).toEqual([]);
    // ...and person_id over folder + file_name.
    expect((await me.get('/ai_chat/conversation?person_id=3&folder=journal&file_name=2026-01-05.md')).body.conversation_id).toBe(
      byPerson.body.conversation_id,
    );
  });

  test('a missing or bad key is a 422 with the errors list', async () => {
    const me = chat.as(1);
    for (const query of ['', '?folder=journal', '?file_name=a.md', '?file_id=']) {
      const res = await me.get(`/ai_chat/conversation${query}`);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, errors: ['Say which conversation this is: file_id, person_id, or folder and file_name'] });
    }
    const bad = await me.get('/ai_chat/conversation?file_id=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toContain('file_id must be a positive whole number');
    expect((await me.get('/ai_chat/conversation?person_id=-1')).body.errors).toContain('person_id must be a positive whole number');
  });

  test("another user's conversation is never visible, even with the same key", async () => {
    const alice = chat.as(10);
    const bob = chat.as(11);
    await alice.post('/ai_chat/send_message', {
      file_id: 99,
      folder: 'career-goals',
      file_name: 'goals.md',
      message: 'My secret plan is to move to Lisbon.',
    });
    const seen = await bob.get('/ai_chat/conversation?file_id=99');
    expect(seen.body).toEqual({ success: true, conversation_id: null, messages: [] });
    await bob.post('/ai_chat/send_message', { file_id: 99, folder: 'career-goals', file_name: 'goals.md', message: 'Bob here.' });
    const bobs = await bob.get('/ai_chat/conversation?file_id=99');
    expect(bobs.body.messages[0].content).toBe('Bob here.');
    expect(JSON.stringify(bobs.body)).not.toContain('Lisbon');
    const alices = await alice.get('/ai_chat/conversation?file_id=99');
    expect(alices.body.conversation_id).not.toBe(bobs.body.conversation_id);
    // Clearing Bob's conversation leaves Alice's alone.
    await bob.post('/ai_chat/clear_conversation', { file_id: 99 });
    expect((await alice.get('/ai_chat/conversation?file_id=99')).body.messages).toHaveLength(2);
  });

  test('signed-out callers get 401; writes without the CSRF token 403', async () => {
    const anonymous = new TestClient(chat.svc.url);
    expect((await anonymous.get('/ai_chat/conversation?file_id=1')).status).toBe(401);
    expect((await anonymous.get('/ai_chat/status')).status).toBe(401);
    expect((await anonymous.post('/ai_chat/send_message', { file_id: 1, message: 'hi' })).status).toBe(401);
    const me = chat.as(1);
    expect((await me.post('/ai_chat/send_message', { file_id: 1, message: 'hi' }, { csrf: false })).status).toBe(403);
    expect((await me.post('/ai_chat/clear_conversation', { file_id: 1 }, { csrf: false })).status).toBe(403);
    expect(await storedMessages(chat.database.db, 1)).toEqual([]);
  });
});

describe('POST /ai_chat/clear_conversation', () => {
  test('deletes that conversation’s messages only, by each key kind', async () => {
    const me = chat.as(20);
    const keys = [{ file_id: 5 }, { person_id: 6 }, { folder: 'planning', file_name: 'all_todos.md' }];
    for (const key of keys) await me.post('/ai_chat/send_message', { ...key, message: 'Something to remember.' });
    const res = await me.post('/ai_chat/clear_conversation', { folder: 'planning', file_name: 'all_todos.md' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await me.get('/ai_chat/conversation?folder=planning&file_name=all_todos.md')).body.messages).toEqual([]);
    expect((await me.get('/ai_chat/conversation?file_id=5')).body.messages).toHaveLength(2);
    await me.post('/ai_chat/clear_conversation', { person_id: 6 });
    await me.post('/ai_chat/clear_conversation', { file_id: 5 });
    expect(await storedMessages(chat.database.db, 20)).toEqual([]);
    // Clearing what does not exist is fine; no key is a 422.
    expect((await me.post('/ai_chat/clear_conversation', { file_id: 12345 })).body).toEqual({ success: true });
    const missing = await me.post('/ai_chat/clear_conversation', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual(['Say which conversation this is: file_id, person_id, or folder and file_name']);
  });
});

describe('the planning conversation (issue 18)', () => {
  test("every planning tab's file is one conversation, so the assistant remembers across tabs", async () => {
    const me = chat.as(30);
    await me.post('/ai_chat/send_message', { folder: 'planning', file_name: 'all_todos.md', message: 'I am preparing the Q3 launch.' });
    await me.post('/ai_chat/send_message', { folder: 'planning', file_name: 'milestones.md', message: 'What should the milestone be?' });
    const asked = ['all_todos.md', 'milestones.md', 'action_plan.md', 'planning.md'].map((f) =>
      me.get(`/ai_chat/conversation?folder=planning&file_name=${f}`),
    );
    const answers = await Promise.all(asked);
    expect(new Set(answers.map((a) => a.body.conversation_id)).size).toBe(1);
    expect(answers[0]!.body.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content)).toEqual(
      ['I am preparing the Q3 launch.', 'What should the milestone be?'],
    );
    // Another folder's file of the same name, and a planning file that is not a tab, stay apart.
    expect((await me.get('/ai_chat/conversation?folder=journal&file_name=all_todos.md')).body.messages).toEqual([]);
    expect((await me.get('/ai_chat/conversation?folder=planning&file_name=notes.md')).body.messages).toEqual([]);
  });
});

describe('POST /ai_chat/append_message', () => {
  test("keeps a line the page added after a reply as the assistant's, after the exchange", async () => {
    const me = chat.as(31);
    await me.post('/ai_chat/send_message', { folder: 'planning', file_name: 'all_todos.md', message: 'Remind me to call Sam' });
    const res = await me.post('/ai_chat/append_message', {
      folder: 'planning',
      file_name: 'all_todos.md',
      content: ' Created the todo "Call Sam", due Fri 27 Nov. ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, conversation_id: expect.any(Number) });
    const messages = (await me.get('/ai_chat/conversation?folder=planning&file_name=planning.md')).body.messages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(messages[2]).toEqual({ role: 'assistant', content: 'Created the todo "Call Sam", due Fri 27 Nov.' });
    // Only the caller's conversation; another user sees nothing.
    expect((await chat.as(32).get('/ai_chat/conversation?folder=planning&file_name=planning.md')).body.messages).toEqual([]);
  });

  test('an empty line, a line too long or no key is a 422 with every reason, and nothing is stored', async () => {
    const me = chat.as(33);
    const empty = await me.post('/ai_chat/append_message', { folder: 'planning', file_name: 'planning.md', content: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.success).toBe(false);
    const long = await me.post('/ai_chat/append_message', { file_id: 4, content: 'x'.repeat(10_001) });
    expect(long.status).toBe(422);
    const keyless = await me.post('/ai_chat/append_message', { content: 'Hello' });
    expect(keyless.status).toBe(422);
    expect(keyless.body.errors).toEqual(['Say which conversation this is: file_id, person_id, or folder and file_name']);
    expect(await storedMessages(chat.database.db, 33)).toEqual([]);
  });
});

describe('GET /ai_chat/status', () => {
  test('the offline coach, with the hint on connecting a model', async () => {
    const res = await chat.as(1).get('/ai_chat/status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, provider: 'offline', model: 'offline-coach', hint: CONNECT_MODEL_HINT });
  });
});
