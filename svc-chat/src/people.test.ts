import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { SESSION_COOKIE } from '@cc/contracts';
import { providerFor, startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { personContext } from './people';
import { startChat, startFakePeople, storedMessages, type ChatHarness } from './test-support';

let model: OpenAiTestServer;
let people: Awaited<ReturnType<typeof startFakePeople>>;
let chat: ChatHarness;
let peopleAnswer: { status: number; body: unknown; delayMs?: number };

beforeAll(async () => {
  model = await startOpenAiTestServer();
  model.fallback = () => ({ content: 'What matters most to them this quarter?' });
  people = await startFakePeople((req, res) => {
    const answer = peopleAnswer;
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
  chat = await startChat({ provider: providerFor(model) }, { PEOPLE_URL: people.url });
});
afterAll(async () => {
  await chat?.close();
  await people?.close();
  await model?.close();
});

const peopleChat = (person_id: number) => ({
  message: 'How should I prepare for my 1:1?',
  mode: 'ask',
  person_id,
  conversation_history: [],
});
const lastSystemPrompt = () => model.requests.at(-1)!.body.messages!.find((m) => m.role === 'system')!.content;

describe('person chats get the person from svc-people', () => {
  test("the person's name and profile reach the model; svc-people is asked as the caller", async () => {
    peopleAnswer = {
      status: 200,
      body: {
        success: true,
        person: {
          id: 4,
          full_name: 'Sam Lee',
          position: 2,
          basic_profile: { role: 'VP Engineering', company: 'Acme' },
          notes: 'Prefers short updates.',
        },
      },
    };
    const me = chat.as(1);
    const res = await me.post('/ai_chat/send_message', peopleChat(4));
    expect(res.body).toEqual({ success: true, message: 'What matters most to them this quarter?' });
    const prompt = lastSystemPrompt();
    expect(prompt).toContain('Sam Lee');
    expect(prompt).toContain('role: VP Engineering');
    expect(prompt).toContain('company: Acme');
    expect(prompt).toContain('notes: Prefers short updates.');
    const asked = people.requests.find((r) => r.url === '/people/4')!;
    expect(asked.method).toBe('GET');
    expect(asked.headers.accept).toBe('application/json');
    expect(asked.headers.cookie).toBe(`${SESSION_COOKIE}=${me.cookie}`);
    expect(await storedMessages(chat.database.db, 1)).toEqual([
      { key: 'person:4', role: 'user', content: 'How should I prepare for my 1:1?' },
      { key: 'person:4', role: 'assistant', content: 'What matters most to them this quarter?' },
    ]);
  });

  test.each([
    ['answers 501 (not implemented yet)', { status: 501, body: { success: false, errors: ['Not implemented yet'] } }],
    ['answers 404 (not this user’s person)', { status: 404, body: { success: false, errors: ['Not found'] } }],
    ['answers something odd', { status: 200, body: { success: true, people: [] } }],
    ['is too slow', { status: 200, body: { success: true, person: { full_name: 'Too Late' } }, delayMs: 2500 }],
  ])('when svc-people %s the chat still answers, without person context', async (_name, answer) => {
    peopleAnswer = answer;
    const res = await chat.as(2).post('/ai_chat/send_message', peopleChat(5));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(lastSystemPrompt()).not.toContain('Too Late');
    expect(lastSystemPrompt()).toContain('profile is not available');
  });

  test('with PEOPLE_URL unreachable the chat still answers', async () => {
    const offline = await startChat({ provider: providerFor(model) }, { PEOPLE_URL: 'http://127.0.0.1:9' }, chat.database);
    try {
      const res = await offline.as(3).post('/ai_chat/send_message', peopleChat(6));
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
    } finally {
      await offline.close();
    }
  });

  test('without PEOPLE_URL (the embedded run) svc-people is not asked', async () => {
    const embedded = await startChat({}, {}, chat.database);
    const before = people.requests.length;
    try {
      const res = await embedded.as(3).post('/ai_chat/send_message', peopleChat(7));
      expect(res.body.success).toBe(true);
      expect(people.requests.length).toBe(before);
    } finally {
      await embedded.close();
    }
  });

  test('personContext flattens sections and skips bookkeeping', () => {
    expect(
      personContext({
        id: 1,
        full_name: ' Ana Ruiz ',
        user_id: 3,
        created_at: 'x',
        basic_profile: { role: 'CTO', empty: ' ' },
        tags: ['a'],
      }),
    ).toEqual({
      fullName: 'Ana Ruiz',
      profile: { role: 'CTO' },
    });
    expect(personContext({ id: 1 })).toBeUndefined();
  });
});
