import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startChat, storedMessages, type ChatHarness } from './test-support';

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => chat?.close());

const stored = (uid: number) => storedMessages(chat.database.db, uid);

describe('POST /ai_chat/send_message (offline coach)', () => {
  test('answers the reply and stores the user message and the reply', async () => {
    const me = chat.as(1);
    const body = {
      message: 'I led the migration of our billing system to Postgres last year.',
      file_content: '# Current projects\n',
      file_name: 'billing.md',
      folder: 'current-projects',
      mode: 'agent',
      conversation_history: [],
      file_id: 12,
    };
    const res = await me.post('/ai_chat/send_message', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    expect(res.body.message.length).toBeGreaterThan(20);
    expect(await stored(1)).toEqual([
      { key: 'file:12', role: 'user', content: body.message },
      { key: 'file:12', role: 'assistant', content: res.body.message },
    ]);
    const again = await me.post('/ai_chat/send_message', { ...body, message: 'It cut invoice errors by 40%.' });
    expect(again.body.success).toBe(true);
    expect((await me.get('/ai_chat/conversation?file_id=12')).body.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  test('ask mode just chats; agent mode offers to update the file', async () => {
    const me = chat.as(2);
    const base = { file_name: 'goals.md', folder: 'career-goals', file_content: '', message: 'Please update the file' };
    const ask = await me.post('/ai_chat/send_message', { ...base, file_id: 1, mode: 'ask' });
    const agent = await me.post('/ai_chat/send_message', { ...base, file_id: 2, mode: 'agent' });
    expect(ask.body.message).toMatch(/Ask mode, so I won't change files/);
    expect(agent.body.message).not.toMatch(/Ask mode/);

    // With enough of a conversation, agent mode offers the update; ask mode never does.
    const history = [
      { role: 'user', content: 'I want to become an engineering manager within two years.' },
      { role: 'assistant', content: 'What draws you to management?' },
    ];
    const message = 'Because I enjoy growing people, I mentored three juniors last year.';
    const withAgent = await me.post('/ai_chat/send_message', {
      ...base,
      file_id: 3,
      mode: 'agent',
      message,
      conversation_history: history,
    });
    const withAsk = await me.post('/ai_chat/send_message', { ...base, file_id: 4, mode: 'ask', message, conversation_history: history });
    expect(withAgent.body.message).toContain("I can add what you've shared to goals.md");
    expect(withAsk.body.message).not.toContain("I can add what you've shared");
  });

  test('mode defaults to agent', async () => {
    const res = await chat
      .as(2)
      .post('/ai_chat/send_message', { file_id: 5, file_name: 'goals.md', folder: 'career-goals', message: 'Please update the file' });
    expect(res.body.message).not.toMatch(/Ask mode/);
  });

  test("every chat's payload is accepted: planning, journal, coaching, people, meeting", async () => {
    const me = chat.as(3);
    const lastSix = Array.from({ length: 6 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i}` }));
    const payloads = [
      // planning chat: agent, empty file_content, {tab}.md, folder planning, last 6 messages
      {
        message: 'Add a todo to email Dana on Friday',
        file_content: '',
        file_name: 'milestones.md',
        folder: 'planning',
        mode: 'agent',
        conversation_history: lastSix,
      },
      // journal chat
      {
        message: 'Today I finally presented the roadmap.',
        file_content: 'Presented the roadmap.',
        file_name: '2026-01-05.md',
        folder: 'journal',
        mode: 'agent',
        conversation_history: [],
      },
      // coaching question chat
      {
        message: "I'm ready to start reflecting on: What energised you today?",
        file_content: '',
        file_name: 'what_energised_you_2026-01-05.md',
        folder: 'coaching',
        mode: 'agent',
        conversation_history: [],
      },
      // people chat: message, mode ask, person_id, conversation_history (no folder or file)
      {
        message: 'How should I prepare for my 1:1 with Sam?',
        mode: 'ask',
        person_id: 4,
        conversation_history: [{ role: 'assistant', content: 'How can I help you think about this person today?' }],
      },
      // meeting chat
      {
        message: 'What should the agenda be?',
        file_content: 'Goals: align on Q3',
        file_name: 'meeting-prep.md',
        folder: 'meetings',
        mode: 'agent',
        conversation_history: [],
      },
    ];
    for (const body of payloads) {
      const res = await me.post('/ai_chat/send_message', body);
      expect(`${body.folder ?? 'people'} -> ${res.status} ${res.body.success}`).toBe(`${body.folder ?? 'people'} -> 200 true`);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const keys = [...new Set((await stored(3)).map((m) => m.key))];
    expect(keys).toEqual([
      'path:["planning","planning.md"]',
      'path:["journal","2026-01-05.md"]',
      'path:["coaching","what_energised_you_2026-01-05.md"]',
      'person:4',
      'path:["meetings","meeting-prep.md"]',
    ]);
    // The planning chat in agent mode turns a todo request into the create_todo action.
    expect((await me.get('/ai_chat/conversation?folder=planning&file_name=milestones.md')).body.messages[1].content).toContain(
      'create_todo',
    );
  });

  test('without conversation_history the stored messages are the history', async () => {
    const me = chat.as(4);
    const key = { folder: 'interview-stories', file_name: 'outage.md' };
    // A scene the coach recognises (where, when): with it remembered, the task's answer moves on to the action.
    await me.post('/ai_chat/send_message', {
      ...key,
      message: 'In 2023 I was on call at Acme when our checkout went down on Black Friday.',
    });
    // The offline coach asks for the next STAR part only if it remembers the situation.
    const next = await me.post('/ai_chat/send_message', { ...key, message: 'My task was to restore checkout within an hour.' });
    const fresh = await me.post('/ai_chat/send_message', {
      ...key,
      message: 'My task was to restore checkout within an hour.',
      conversation_history: [],
    });
    expect(next.body.message).not.toEqual(fresh.body.message);
    expect(next.body.message).toContain('Walk me through what you did');
    expect(fresh.body.message).toContain('Set the scene');
  });
});

describe('validation', () => {
  const valid = { file_id: 1, folder: 'journal', file_name: 'a.md', message: 'hello' };
  const cases: [string, Record<string, unknown>, string][] = [
    ['an empty message', { message: '   ' }, 'Message is required'],
    ['no message', { message: undefined }, 'Message is required'],
    ['a message over 10,000 characters', { message: 'x'.repeat(10_001) }, 'Message is too long (at most 10,000 characters)'],
    [
      'file_content over 1,000,000 characters',
      { file_content: 'x'.repeat(1_000_001) },
      'File content is too long (at most 1,000,000 characters)',
    ],
    [
      'more than 200 history messages',
      { conversation_history: Array.from({ length: 201 }, () => ({ role: 'user', content: 'x' })) },
      'Conversation history is too long (at most 200 messages)',
    ],
    [
      'a history message over 20,000 characters',
      { conversation_history: [{ role: 'user', content: 'x'.repeat(20_001) }] },
      'Each conversation message must be at most 20,000 characters',
    ],
    [
      'a history that is not a list',
      { conversation_history: 'hi' },
      'Conversation history must be a list of messages, each with a role and a content',
    ],
    ['an unknown mode', { mode: 'edit' }, "Mode must be 'ask' or 'agent'"],
    [
      'no conversation key',
      { file_id: undefined, folder: undefined },
      'Say which conversation this is: file_id, person_id, or folder and file_name',
    ],
    ['a bad file_id', { file_id: 'seven' }, 'file_id must be a positive whole number'],
  ];
  test.each(cases)('%s → 422 with the errors list, nothing stored', async (_name, change, message) => {
    const me = chat.as(50);
    const res = await me.post('/ai_chat/send_message', { ...valid, ...change });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toContain(message);
    expect(await stored(50)).toEqual([]);
  });

  test('every problem is listed at once; exactly 10,000 characters and 200 messages are fine', async () => {
    const me = chat.as(51);
    const res = await me.post('/ai_chat/send_message', { message: '', mode: 'x' });
    expect(res.body.errors).toEqual([
      'Message is required',
      "Mode must be 'ask' or 'agent'",
      'Say which conversation this is: file_id, person_id, or folder and file_name',
    ]);
    const atLimit = await me.post('/ai_chat/send_message', {
      ...valid,
      message: 'x'.repeat(10_000),
      conversation_history: Array.from({ length: 200 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'y'.repeat(100) })),
    });
    expect(atLimit.status).toBe(200);
  });
});
